import Models
import Services

/// ``Services/DiscoveryService`` over an ``EmbeddedServer``.
public struct EmbeddedDiscoveryService: DiscoveryService {
    /// The server answering.
    public let server: EmbeddedServer

    /// Creates the service.
    public init(server: EmbeddedServer) { self.server = server }

    /// Asks the server for a page of candidates.
    public func fetchCandidates(
        cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>
    ) {
        server.fetchCandidates(cursor: cursor, limit: limit, accessToken: accessToken, completion: completion)
    }

    /// Sends a swipe to the server.
    public func sendSwipe(
        _ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>
    ) {
        server.sendSwipe(swipe, accessToken: accessToken, completion: completion)
    }

    /// Asks the server to undo a pass.
    public func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        server.undoSwipe(id: id, accessToken: accessToken, completion: completion)
    }

    /// Saves preferences on the server.
    public func savePreferences(
        _ preferences: SearchPreferences, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        server.savePreferences(preferences, accessToken: accessToken, completion: completion)
    }
}
