import Models
import Services

/// ``Services/ChatService`` over an ``EmbeddedServer``.
public struct EmbeddedChatService: ChatService {
    /// The server answering.
    public let server: EmbeddedServer

    /// Creates the service.
    public init(server: EmbeddedServer) { self.server = server }

    /// Asks the server for the conversations list.
    public func fetchConversations(
        accessToken: String, completion: @escaping ServiceCompletion<[ConversationSummary]>
    ) {
        server.fetchConversations(accessToken: accessToken, completion: completion)
    }

    /// Asks the server for a page of history.
    public func fetchMessages(
        conversation: String, before cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<MessagePage>
    ) {
        server.fetchMessages(
            conversation: conversation, before: cursor, limit: limit, accessToken: accessToken,
            completion: completion)
    }

    /// Sends a message to the server.
    public func sendMessage(
        _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>
    ) {
        server.sendMessage(message, accessToken: accessToken, completion: completion)
    }

    /// Marks a conversation read on the server.
    public func markRead(
        conversation: String, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        server.markRead(conversation: conversation, accessToken: accessToken, completion: completion)
    }

    /// Tells the server about typing.
    public func setTyping(
        conversation: String, isTyping: Bool, accessToken: String,
        completion: @escaping ServiceCompletion<Void>
    ) {
        server.setTyping(
            conversation: conversation, isTyping: isTyping, accessToken: accessToken, completion: completion)
    }

    /// Ends a match on the server.
    public func unmatch(
        conversation: String, block: Bool, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        server.unmatch(
            conversation: conversation, block: block, accessToken: accessToken, completion: completion)
    }

    /// Subscribes to the server's live events.
    public func subscribe(accessToken: String, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void)
        -> ScheduledTask
    {
        server.subscribe(accessToken: accessToken, onEvent: onEvent)
    }
}
