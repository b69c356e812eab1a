import Models
import Services

/// ``Services/ProfileService`` over an ``EmbeddedServer``.
public struct EmbeddedProfileService: ProfileService {
    /// The server answering.
    public let server: EmbeddedServer

    /// Creates the service.
    public init(server: EmbeddedServer) { self.server = server }

    /// Asks the server to save the profile.
    public func saveProfile(
        _ profile: Profile, accessToken: String, completion: @escaping ServiceCompletion<User>
    ) {
        server.saveProfile(profile, accessToken: accessToken, completion: completion)
    }

    /// Asks the server for a public profile.
    public func fetchProfile(
        of user: UserID, accessToken: String, completion: @escaping ServiceCompletion<PublicProfile>
    ) {
        server.fetchProfile(of: user, accessToken: accessToken, completion: completion)
    }
}
