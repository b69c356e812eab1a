import Models

/// What a list row shows: a plain title and detail, a match or a message.
public enum ScreenRow: Hashable, Sendable {
    /// A row with a title and a secondary text.
    case plain(title: String, detail: String)
    /// A new match or a conversation on the matches list.
    case match(MatchRow)
    /// A message in a conversation.
    case message(MessageRow)
}

extension ScreenRow {
    /// The row's main text (also the label a text front end taps the row by).
    public var title: String {
        switch self {
        case .plain(let title, _): title
        case .match(let match): match.name
        case .message(let message): message.title
        }
    }

    /// The row's secondary text.
    public var detail: String {
        switch self {
        case .plain(_, let detail): detail
        case .match(let match): match.detail
        case .message(let message): message.detail
        }
    }
}
