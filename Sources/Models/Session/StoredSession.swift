/// The session as it is kept on disk between launches.
public struct StoredSession: Hashable, Codable, Sendable {
    /// The file format version; a different one is treated as unreadable.
    public var version: Int
    /// The signed-in user.
    public var user: User
    /// The tokens in force.
    public var tokens: AuthTokens
    /// The last place the user was, restored on relaunch.
    public var lastRoute: Route?

    /// The version this build writes.
    public static let currentVersion = 1

    /// Creates a stored session in the current format.
    public init(user: User, tokens: AuthTokens, lastRoute: Route?) {
        self.version = Self.currentVersion
        self.user = user
        self.tokens = tokens
        self.lastRoute = lastRoute
    }
}
