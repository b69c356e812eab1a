import Foundation

/// One row of the matches list: a match, its last message and how many are unread.
///
/// The match is kept in a shared box (``CopyOnWrite``), as a message keeps its texts: a summary is
/// copied on every publish of the list (into its rows, out of a conversation's record, into the
/// snapshots), and each copy then counts one reference for the match instead of one per text.
///
/// The last message is kept as a message and a flag, not an optional message: other modules copy and
/// destroy an optional message held in memory through the standard library's generic `Optional` value
/// witnesses (about 100 instructions and a dozen lines of run-time code per copy), a message directly.
public struct ConversationSummary: Hashable, Codable, Sendable, Identifiable {
    private var boxedMatch: CopyOnWrite<Match>
    /// The newest message when ``hasLastMessage``; ``noMessage`` otherwise.
    private var last: Message
    /// Whether the conversation has a message (``lastMessage`` is not `nil`).
    public private(set) var hasLastMessage: Bool
    /// Messages from the other person the user has not read.
    public var unreadCount: Int

    /// What ``last`` holds while there is no message: one shared placeholder, never shown.
    private static let noMessage = Message(
        id: "", conversation: "", sender: UserID(""), text: "",
        sentAt: Date(timeIntervalSinceReferenceDate: 0))

    /// Creates a summary.
    public init(match: Match, lastMessage: Message?, unreadCount: Int) {
        boxedMatch = CopyOnWrite(match)
        if let lastMessage {
            last = lastMessage
            hasLastMessage = true
        } else {
            last = Self.noMessage
            hasLastMessage = false
        }
        self.unreadCount = unreadCount
    }

    /// The newest message, if any.
    public var lastMessage: Message? {
        get { hasLastMessage ? last : nil }
        set {
            if let newValue {
                last = newValue
                hasLastMessage = true
            } else {
                last = Self.noMessage
                hasLastMessage = false
            }
        }
    }

    /// Makes `newest` the last message unless the one it has sorts after it, and counts `unseen`
    /// messages as unread.
    ///
    /// `newest` replaces the last message when it sorts after it, or is it confirmed (its transaction
    /// id is the last one's id) or changed (the same id); a summary without a message takes it. With
    /// no `newest`, only the unread count changes.
    public mutating func take(_ newest: Message?, unseen: Int) {
        if let newest {
            if !hasLastMessage || last.isOrderedBefore(newest) || last.id == newest.transactionID
                || last.hasID(newest.id)
            {
                last = newest
                hasLastMessage = true
            }
        }
        unreadCount += unseen
    }

    /// The match (its id is the conversation's).
    public var match: Match {
        get { boxedMatch.fields }
        set { boxedMatch.fields = newValue }
        _modify { yield &boxedMatch.fields }
    }

    /// The conversation's id.
    public var id: String { boxedMatch.fields.id }
    /// The match's display name.
    ///
    /// Read in the match's box: ``match`` copies the whole match out to read one field of it.
    public var matchName: String { boxedMatch.fields.displayName }
    /// When something last happened: the last message, or the match.
    public var lastActivity: Date { hasLastMessage ? last.sentAt : boxedMatch.fields.matchedAt }

    private enum CodingKeys: String, CodingKey {
        case match, lastMessage, unreadCount
    }

    /// Decodes a summary from the keys of its properties.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            match: try container.decode(Match.self, forKey: .match),
            lastMessage: try container.decodeIfPresent(Message.self, forKey: .lastMessage),
            unreadCount: try container.decode(Int.self, forKey: .unreadCount))
    }

    /// Encodes the summary under the keys of its properties, in their order (as the synthesized
    /// conformance did).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(boxedMatch.fields, forKey: .match)
        try container.encodeIfPresent(lastMessage, forKey: .lastMessage)
        try container.encode(unreadCount, forKey: .unreadCount)
    }

    /// Whether two summaries hold the same values: the unread count, then the last message, then
    /// the match (the field that changes least: equal at once when the two share its box).
    ///
    /// The last messages are compared where they are stored, and only when both have one.
    public static func == (lhs: ConversationSummary, rhs: ConversationSummary) -> Bool {
        guard lhs.unreadCount == rhs.unreadCount, lhs.hasLastMessage == rhs.hasLastMessage else {
            return false
        }
        guard !lhs.hasLastMessage || lhs.last == rhs.last else { return false }
        return lhs.boxedMatch.sharesStorage(with: rhs.boxedMatch)
            || lhs.boxedMatch.fields == rhs.boxedMatch.fields
    }

    /// Whether this row is the conversation `id`'s and, when it is, whether it equals `summary`: the
    /// two questions a publish asks of the row it may replace, answered in one look at the row.
    public func look(id: String, showing summary: ConversationSummary) -> (isTheRow: Bool, isShown: Bool) {
        guard boxedMatch.fields.id == id else { return (false, false) }
        return (true, self == summary)
    }

    /// Hashes every property, in the order they are declared.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(boxedMatch.fields)
        hasher.combine(lastMessage)
        hasher.combine(unreadCount)
    }
}
