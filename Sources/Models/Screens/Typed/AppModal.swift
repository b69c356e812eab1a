/// Every screen presented modally above the stack, as its typed value.
public enum AppModal: Equatable, Sendable {
    /// "It's a match!"
    case match(MatchModal)
    /// "You're out of likes", counting down to the reset.
    case outOfLikes(OutOfLikesModal)

    /// The modal's stable name.
    public var id: ScreenID {
        switch self {
        case .match: .match
        case .outOfLikes: .outOfLikes
        }
    }

    /// Whether `action` is one this modal offers.
    public func offers(_ action: AppAction) -> Bool {
        switch self {
        case .match: MatchModal.action(in: action) != nil
        case .outOfLikes: OutOfLikesModal.action(in: action) != nil
        }
    }
}
