/// "No super likes left": one super like a day.
public struct OutOfSuperLikesAlert: AlertValue {
    /// What the user can do on the alert.
    public enum Action: Equatable, Sendable {
        /// "OK".
        case okTapped
    }

    /// Creates the alert.
    public init() {}

    /// The value for a front end's alert.
    public var appAlert: AppAlert { .outOfSuperLikes(self) }

    /// `action` as the alert's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .outOfSuperLikes(let action) = action else { return nil }
        return action
    }
}
