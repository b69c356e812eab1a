/// A place in the signed-in app, reachable by navigation or a deep link.
public enum Route: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The swipe deck (`discover://deck`).
    case deck
    /// The matches list (`discover://matches`).
    case matches
    /// One conversation (`discover://chat/<match>`), by ``Match/id(between:and:)``.
    case chat(String)
    /// Someone's profile (`discover://profile/<user>`).
    case profile(UserID)

    /// The deep link that opens this route.
    public var description: String {
        switch self {
        case .deck: "discover://deck"
        case .matches: "discover://matches"
        case .chat(let match): "discover://chat/\(match)"
        case .profile(let user): "discover://profile/\(user)"
        }
    }
}
