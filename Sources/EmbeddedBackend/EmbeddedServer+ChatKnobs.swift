import Foundation
import Models
import Services

/// The chat's knobs: the embedded server acting as the other side of a conversation ("bob sends
/// 'hi'", "bob reads", "bob types") and misbehaving on request (duplicate events, events out of
/// order) to prove the client's merge; and what tests read back.
extension EmbeddedServer {
    /// Sends a message from `sender` to their match with `recipient`, as that person's app would.
    @discardableResult
    public func sendMessage(from sender: UserID, to recipient: UserID, _ text: String) throws(ServiceError)
        -> Message
    {
        let now = scheduler.now
        let result = state.withLock { state -> Result<Message, ServiceError> in
            let id = Match.id(between: sender, and: recipient)
            let transaction = "server-\(state.chat.nextMessage)"
            return post(
                in: &state, OutgoingMessage(id: transaction, conversation: id, text: text, createdAt: now),
                from: sender,
                now: now)
        }
        return try result.get()
    }

    /// Marks `reader`'s conversation with `other` read, as their app would.
    public func markRead(by reader: UserID, with other: UserID) {
        let now = scheduler.now
        state.withLock { state in
            read(in: &state, conversation: Match.id(between: reader, and: other), by: reader, now: now)
        }
    }

    /// Makes `typist` start or stop typing to `other`, as their app would.
    public func setTyping(by typist: UserID, with other: UserID, isTyping: Bool) {
        state.withLock { state in
            emit(
                in: &state, to: other,
                .typing(conversation: Match.id(between: typist, and: other), isTyping: isTyping))
        }
    }

    /// Ends the match between `user` and `other`, as `user`'s app would.
    public func unmatch(by user: UserID, with other: UserID, block: Bool = false) {
        state.withLock { state in
            end(in: &state, conversation: Match.id(between: user, and: other), by: user, block: block)
        }
    }

    /// Creates matches between `user` and generated people `c0`…, each with `messagesEach` messages
    /// alternating between the two, a second apart (for scale tests).
    public func seedConversations(for user: UserID, count: Int, messagesEach: Int) {
        let start = scheduler.now.addingTimeInterval(-Double(count * messagesEach) - 1)
        state.withLock { state in
            var clock = start
            for index in 0..<min(count, pool.poolSize) {
                let other = CandidateGenerator.id(of: index)
                let id = Match.id(between: user, and: other)
                state.discovery.matches[id] = MatchPair(first: user, second: other, at: clock)
                var messages: [Message] = []
                messages.reserveCapacity(messagesEach)
                for number in 0..<messagesEach {
                    clock = clock.addingTimeInterval(1)
                    state.chat.nextMessage += 1
                    messages.append(
                        Message(
                            id: messageID(state.chat.nextMessage), conversation: id,
                            sender: number.isMultiple(of: 2) ? other : user, text: "Message \(number)",
                            sentAt: clock))
                }
                Self.seed(
                    &state.chat.conversations[id, default: .init()], with: messages, readBy: user, and: other,
                    upTo: clock)
            }
        }
    }

    /// Replaces a conversation's messages with `messages`, read by both people up to `upTo`.
    private static func seed(
        _ conversation: inout ChatServerState.Conversation, with messages: [Message], readBy user: UserID,
        and other: UserID, upTo: Date
    ) {
        conversation.messages = messages
        conversation.update(user) { $0.readUpTo = upTo }
        conversation.update(other) { $0.readUpTo = upTo }
    }

    /// Delivers every chat event twice from now on, or stops doing so.
    public func duplicateChatEvents(_ on: Bool) {
        state.withLock { $0.chat.duplicateEvents = on }
    }

    /// Holds the next `count` chat events and then delivers them newest first.
    public func deliverNextChatEventsOutOfOrder(_ count: Int) {
        state.withLock { $0.chat.holdEvents = count }
    }

    /// The messages of the conversation between two people, oldest first, as the server has them.
    public func messages(between first: UserID, and second: UserID) -> [Message] {
        state.withLock { $0.chat.conversations[Match.id(between: first, and: second)]?.messages ?? [] }
    }

    /// Whether `first` blocked `second` or the other way round.
    public func isBlocked(_ first: UserID, _ second: UserID) -> Bool {
        state.withLock { $0.chat.blocked.contains(Self.pair(first, second)) }
    }
}
