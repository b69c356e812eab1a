import Foundation

/// Two people who liked each other.
public struct Match: Hashable, Codable, Sendable, Identifiable {
    /// The match's id (also the conversation's): ``id(between:and:)`` of the two people.
    public var id: String
    /// The other person.
    public var user: UserID
    /// Their shown name.
    public var displayName: String
    /// When the second like happened.
    public var matchedAt: Date

    /// Creates a match.
    public init(id: String, user: UserID, displayName: String, matchedAt: Date) {
        self.id = id
        self.user = user
        self.displayName = displayName
        self.matchedAt = matchedAt
    }
}
