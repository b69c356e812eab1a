/// Every alert, as its typed value.
public enum AppAlert: Equatable, Sendable {
    /// "Log out?", warning about what was not sent.
    case logOut(LogOutAlert)
    /// "Unmatch …?" or "Block …?".
    case endMatch(EndMatchAlert)
    /// "No super likes left".
    case outOfSuperLikes(OutOfSuperLikesAlert)
    /// "Can't open link".
    case unknownLink(UnknownLinkAlert)

    /// Whether `action` is one this alert offers.
    public func offers(_ action: AppAction) -> Bool {
        switch self {
        case .logOut: LogOutAlert.action(in: action) != nil
        case .endMatch: EndMatchAlert.action(in: action) != nil
        case .outOfSuperLikes: OutOfSuperLikesAlert.action(in: action) != nil
        case .unknownLink: UnknownLinkAlert.action(in: action) != nil
        }
    }
}
