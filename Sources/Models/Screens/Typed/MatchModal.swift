/// "It's a match!": "Send a message" or "Keep swiping".
public struct MatchModal: ModalScreenValue {
    /// What the user can do on the modal.
    public enum Action: Equatable, Sendable {
        /// "Send a message": the new conversation.
        case sendMessageTapped
        /// "Keep swiping": back to where the user was.
        case keepSwipingTapped
    }

    /// The name of who the user matched with.
    public var name: String

    /// Creates the modal.
    public init(name: String) { self.name = name }

    /// The value for a front end's modals.
    public var appModal: AppModal { .match(self) }

    /// `action` as the modal's, if it is one.
    public static func action(in action: AppAction) -> Action? {
        guard case .match(let action) = action else { return nil }
        return action
    }
}
