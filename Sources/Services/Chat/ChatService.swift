import Models

/// Conversations and messages: the list, history pages, sending (idempotent), receipts, typing,
/// unmatching, and a live feed of ``Models/ChatEvent``s.
///
/// Every result and event arrives on the main actor via the backend's scheduler.
public protocol ChatService: Sendable {
    /// Every match of the user with its last message and unread count.
    func fetchConversations(
        accessToken: String, completion: @escaping ServiceCompletion<[ConversationSummary]>)

    /// A page of a conversation's history, newest first, older than `cursor` (`nil`: the newest).
    func fetchMessages(
        conversation: String, before cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<MessagePage>)

    /// Sends a message.
    ///
    /// Idempotent: the same transaction id sent twice makes one message, and both answers carry it.
    func sendMessage(
        _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>)

    /// Marks the conversation read up to the newest message; the other person's client hears it.
    func markRead(conversation: String, accessToken: String, completion: @escaping ServiceCompletion<Void>)

    /// Tells the other person the user started or stopped typing.
    func setTyping(
        conversation: String, isTyping: Bool, accessToken: String,
        completion: @escaping ServiceCompletion<Void>)

    /// Ends the match for both sides; `block` also keeps the two from ever seeing each other again.
    func unmatch(
        conversation: String, block: Bool, accessToken: String, completion: @escaping ServiceCompletion<Void>)

    /// Starts the live feed; events arrive through `onEvent` until the subscription is cancelled.
    func subscribe(accessToken: String, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void)
        -> ScheduledTask

    /// Starts the live feed; when the server refuses its access token, `renewal` is asked for a fresh
    /// one and the feed resumes where it stopped.
    ///
    /// A backend whose feed needs no token renewal uses the default: ``subscribe(accessToken:onEvent:)``.
    func subscribe(
        accessToken: String, renewal: AccessTokenRenewal?,
        onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void
    ) -> ScheduledTask
}

/// How a long-lived request (the live feed) gets an access token to use instead of `expired`: the
/// session's, refreshed if need be; or why there is none (the session ended).
public typealias AccessTokenRenewal =
    @MainActor @Sendable (_ expired: String, _ completion: @escaping ServiceCompletion<String>) -> Void

extension ChatService {
    /// Starts the live feed with the access token alone: `renewal` is not used.
    public func subscribe(
        accessToken: String, renewal: AccessTokenRenewal?,
        onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void
    ) -> ScheduledTask {
        subscribe(accessToken: accessToken, onEvent: onEvent)
    }
}
