import Foundation

/// A signed-in account as the session knows it.
///
/// Carries no secrets; tokens live in ``AuthTokens``.
public struct User: Hashable, Codable, Sendable {
    /// The account's identifier.
    public var id: UserID
    /// The name the user signs in with.
    public var username: String
    /// The name shown to other people.
    public var displayName: String
    /// The day the user was born (UTC midnight).
    public var birthDate: Date
    /// Whether the user has completed profile set-up.
    public var hasProfile: Bool

    /// Creates a user value.
    public init(id: UserID, username: String, displayName: String, birthDate: Date, hasProfile: Bool) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.birthDate = birthDate
        self.hasProfile = hasProfile
    }
}
