/// "You're out of likes", counting down to the reset.
public struct OutOfLikesModal: ModalScreenValue {
    /// What the user can do on the modal.
    public enum Action: Equatable, Sendable {
        /// "OK": back to where the user was.
        case okTapped
    }

    /// The time until likes come back.
    public var countdown: Countdown

    /// Creates the modal.
    public init(secondsLeft: Int) { countdown = Countdown(kind: .likesReset, secondsLeft: secondsLeft) }

    /// The value for a front end's modals.
    public var appModal: AppModal { .outOfLikes(self) }

    /// `action` as the modal's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .outOfLikes(let action) = action else { return nil }
        return action
    }
}
