/// "Unmatch …?" or "Block …?": asks before ending a match.
public struct EndMatchAlert: AlertValue {
    /// What the user can do on the alert.
    public enum Action: Equatable, Sendable {
        /// "Cancel".
        case cancelTapped
        /// "Unmatch" or "Block".
        case confirmTapped
    }

    /// The other person's name.
    public var name: String
    /// Whether it blocks (else it unmatches).
    public var isBlock: Bool

    /// Creates the alert.
    public init(name: String, isBlock: Bool) {
        self.name = name
        self.isBlock = isBlock
    }

    /// The value for a front end's alert.
    public var appAlert: AppAlert { .endMatch(self) }

    /// `action` as the alert's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .endMatch(let action) = action else { return nil }
        return action
    }
}
