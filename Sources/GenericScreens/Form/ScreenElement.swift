import Models

/// One visible part of a screen, in display order.
///
/// The domain's parts are typed values (``Models/CandidateCard``, ``Models/Countdown``, ``Typing``, ``Models/LikesLeft``,
/// and the rows of a ``ScreenList``): a front end lays them out from their data, and a text front end
/// reads their derived wording (``visibleTexts``).
public enum ScreenElement: Hashable, Sendable {
    /// Plain text.
    case text(String)
    /// An informational banner ("Your session expired").
    case notice(String)
    /// An error banner ("Wrong username or password").
    case error(String)
    /// A text field.
    case field(ScreenField)
    /// A button.
    case action(ScreenAction)
    /// A row of tabs; the selected one has `isSelected == true`.
    case tabs([ScreenAction])
    /// A labelled group of options the user toggles.
    case options(label: String, [ScreenAction])
    /// A list of rows that changes in place.
    case list(ScreenList)
    /// A candidate's card.
    case card(CandidateCard)
    /// Time left until something happens.
    case countdown(Countdown)
    /// The other person is typing.
    case typing(Typing)
    /// What is left of today's likes.
    case likesLeft(LikesLeft)
}

extension ScreenElement {
    /// The element's text as a person reads it, top to bottom: labels, values of non-secure fields,
    /// their errors, the rows' titles and details, and the typed values' wording.
    public var visibleTexts: [String] {
        switch self {
        case .text(let text), .notice(let text), .error(let text):
            [text]
        case .field(let field):
            [field.label] + (field.isSecure ? [] : [field.value]) + (field.error.map { [$0] } ?? [])
        case .action(let action):
            [action.label]
        case .tabs(let actions):
            actions.map(\.label)
        case .options(let label, let actions):
            [label] + actions.map(\.label)
        case .list(let list):
            list.items.flatMap { [$0.title, $0.detail] }
        case .card(let card):
            card.lines
        case .countdown(let countdown):
            [countdown.text]
        case .typing(let typing):
            [typing.text]
        case .likesLeft(let likesLeft):
            [likesLeft.text]
        }
    }
}
