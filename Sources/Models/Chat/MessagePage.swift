/// A page of a conversation's history, newest first, with the cursor of the older page.
public struct MessagePage: Hashable, Codable, Sendable {
    /// The messages, newest first.
    public var messages: [Message]
    /// The cursor for older messages; `nil` at the beginning of the conversation.
    public var olderCursor: String?

    /// Creates a page.
    public init(messages: [Message], olderCursor: String?) {
        self.messages = messages
        self.olderCursor = olderCursor
    }
}
