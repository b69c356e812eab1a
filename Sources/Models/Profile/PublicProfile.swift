/// What anyone signed in may see of another user.
public struct PublicProfile: Hashable, Codable, Sendable {
    /// Whose profile.
    public var id: UserID
    /// The name shown.
    public var displayName: String
    /// Age in whole years, computed by the backend.
    public var age: Int
    /// The profile text and interests.
    public var profile: Profile

    /// Creates a public profile.
    public init(id: UserID, displayName: String, age: Int, profile: Profile) {
        self.id = id
        self.displayName = displayName
        self.age = age
        self.profile = profile
    }
}
