import Foundation

/// One row of the matches list: a match, its last message and how many are unread.
///
/// The match is kept in a shared box (``CopyOnWrite``), as a message keeps its texts: a summary is
/// copied on every publish of the list (into its rows, out of a conversation's record, into the
/// snapshots), and each copy then counts one reference for the match instead of one per text.
public struct ConversationSummary: Hashable, Codable, Sendable, Identifiable {
    private var boxedMatch: CopyOnWrite<Match>
    /// The newest message, if any.
    public var lastMessage: Message?
    /// Messages from the other person the user has not read.
    public var unreadCount: Int

    /// Creates a summary.
    public init(match: Match, lastMessage: Message?, unreadCount: Int) {
        boxedMatch = CopyOnWrite(match)
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
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
    public var lastActivity: Date {
        if let sentAt = lastMessage?.sentAt { return sentAt }
        return boxedMatch.fields.matchedAt
    }

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
    /// The last messages are compared where they are stored (the generic `Optional` comparison copied both).
    public static func == (lhs: ConversationSummary, rhs: ConversationSummary) -> Bool {
        guard lhs.unreadCount == rhs.unreadCount else { return false }
        guard lhs.lastMessage?.isEqual(to: rhs.lastMessage) ?? (rhs.lastMessage == nil) else { return false }
        return lhs.boxedMatch.sharesStorage(with: rhs.boxedMatch)
            || lhs.boxedMatch.fields == rhs.boxedMatch.fields
    }

    /// Hashes every property, in the order they are declared.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(boxedMatch.fields)
        hasher.combine(lastMessage)
        hasher.combine(unreadCount)
    }
}
