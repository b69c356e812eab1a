import Models
import Services

/// The objects a chat request's closures capture.
///
/// A closure that captures one reference uses it as its context; one that captures more gets a
/// context of its own, allocated and freed per request. So a message sent or a typing notice keeps
/// what its request and its answer need in one object, which is also the request the authorizer
/// runs (``AuthorizedRequest``): the completion handed to the service captures it alone, and neither
/// the authorizer's closures around it nor a thunk for a generic answer are made per request.
extension ChatContext {
    /// A message on its way to the server, with what its answer needs.
    ///
    /// The chat keeps the last one it made, and sends the next message with it when nothing else
    /// holds it any more (``reused(_:for:record:)``): one object less made and freed per message.
    @MainActor
    final class Delivery: AuthorizedRequest {
        // Changed only by ``reused(_:for:record:)``, on a delivery nothing else holds: no run-time
        // exclusivity check.
        /// The message sent.
        @exclusivity(unchecked) private(set) var message: OutgoingMessage
        /// Its conversation's record, when the sender had it at hand.
        @exclusivity(unchecked) private(set) var record: ConversationRecord?
        let backend: Backend
        let chat: WeakReference<ChatContext>
        let authorizer: WeakReference<RequestAuthorizer>

        init(
            _ message: OutgoingMessage, record: ConversationRecord?, backend: Backend,
            chat: WeakReference<ChatContext>, authorizer: WeakReference<RequestAuthorizer>
        ) {
            self.message = message
            self.record = record
            self.backend = backend
            self.chat = chat
            self.authorizer = authorizer
        }

        /// `delivery` made to send `message` (of `record`'s conversation, if known), when the caller's
        /// reference is the only one (no request, answer or duplicate answer of its last message is
        /// still on its way: each holds it); `nil` otherwise, or when there is none.
        ///
        /// Reusing a delivery whose request could still be answered would hand that answer to the
        /// next message: the uniqueness check is what makes the reuse safe.
        static func reused(
            _ delivery: inout Delivery?, for message: OutgoingMessage, record: ConversationRecord?
        ) -> Delivery? {
            guard isKnownUniquelyReferenced(&delivery), let reusable = delivery else { return nil }
            reusable.message = message
            reusable.record = record
            return reusable
        }

        /// Sends the message with `token`; the answer goes to the chat, if it is still there (on the
        /// first try, unless it starts a retry). Each completion captures the delivery alone.
        func send(accessToken token: String, isRetry: Bool) {
            if isRetry {
                backend.sendMessage(message, accessToken: token) { [self] result in answered(result) }
            } else {
                backend.sendMessage(message, accessToken: token) { [self] result in
                    if case .failure(let error) = result, retries(after: error) { return }
                    answered(result)
                }
            }
        }

        /// Hands the failed refresh to the chat, if it is still there.
        func failed(_ error: ServiceError) {
            answered(.failure(error))
        }

        /// Hands the server's answer to the chat, if it is still there.
        private func answered(_ result: Result<Message, ServiceError>) {
            chat.object?.sent(self, result)
        }
    }

    /// A history page asked for (``loadHistory(of:older:)``), with what its answer needs: one object
    /// the answer's completion captures, where closures for the request and the answer, and the
    /// authorizer's around them, allocated a context or a thunk each.
    @MainActor
    final class HistoryRequest: AuthorizedRequest {
        let conversation: String
        /// Where the page ends (the next older page's cursor); `nil` for the newest page.
        let cursor: String?
        /// Whether an older page was asked for.
        let older: Bool
        let backend: Backend
        let chat: WeakReference<ChatContext>
        let authorizer: WeakReference<RequestAuthorizer>

        init(
            conversation: String, cursor: String?, older: Bool, backend: Backend,
            chat: WeakReference<ChatContext>, authorizer: WeakReference<RequestAuthorizer>
        ) {
            self.conversation = conversation
            self.cursor = cursor
            self.older = older
            self.backend = backend
            self.chat = chat
            self.authorizer = authorizer
        }

        /// Asks for the page with `token`; the answer goes to the chat, if it is still there (on the
        /// first try, unless it starts a retry).
        func send(accessToken token: String, isRetry: Bool) {
            if isRetry {
                backend.chat.fetchMessages(
                    conversation: conversation, before: cursor, limit: 50, accessToken: token
                ) { [self] result in answered(result) }
            } else {
                backend.chat.fetchMessages(
                    conversation: conversation, before: cursor, limit: 50, accessToken: token
                ) { [self] result in
                    if case .failure(let error) = result, retries(after: error) { return }
                    answered(result)
                }
            }
        }

        /// Hands the failed refresh to the chat, if it is still there.
        func failed(_ error: ServiceError) {
            answered(.failure(error))
        }

        private func answered(_ result: Result<MessagePage, ServiceError>) {
            chat.object?.historyArrived(result, conversation: conversation, older: older)
        }
    }

    /// "Typing" or "stopped" in one conversation: made once per conversation and direction, and sent
    /// as often as the user starts and stops. Nobody waits for its answer: an expired token is
    /// refreshed and the notice sent once more, and any other answer is dropped.
    @MainActor
    final class TypingNotice: AuthorizedRequest {
        let backend: Backend
        let conversation: String
        let isTyping: Bool
        let authorizer: WeakReference<RequestAuthorizer>

        init(
            backend: Backend, conversation: String, isTyping: Bool,
            authorizer: WeakReference<RequestAuthorizer>
        ) {
            self.backend = backend
            self.conversation = conversation
            self.isTyping = isTyping
            self.authorizer = authorizer
        }

        /// Sends the notice with `token` (on the first try, an expired token starts a retry).
        func send(accessToken token: String, isRetry: Bool) {
            if isRetry {
                backend.setTyping(conversation: conversation, isTyping: isTyping, accessToken: token) { _ in }
            } else {
                backend.setTyping(
                    conversation: conversation, isTyping: isTyping, accessToken: token
                ) { [self] result in
                    if case .failure(let error) = result { _ = retries(after: error) }
                }
            }
        }

        /// Takes a failed refresh: nobody waits for the notice's answer.
        func failed(_ error: ServiceError) {}
    }

    /// The record's notice of the user starting (or stopping) typing, made on first use.
    ///
    /// Always inlined into ``setTyping(_:of:)``, its one caller: the notice is then used where it is
    /// found, not handed back with a reference counted for it.
    @inline(__always)
    func typingNotice(_ isTyping: Bool, of record: ConversationRecord) -> TypingNotice {
        if let notice = isTyping ? record.typingStarted : record.typingStopped { return notice }
        let notice = TypingNotice(
            backend: backend, conversation: record.id, isTyping: isTyping, authorizer: authorizer.weakSelf)
        if isTyping { record.typingStarted = notice } else { record.typingStopped = notice }
        return notice
    }
}
