import Foundation
import Models
import Services

/// Conversations over the embedded server's matches: messages (idempotent by transaction id),
/// history pages, receipts, typing, unmatch and block, and live events to subscribers.
///
/// A conversation's id is its match's id. The knobs that act as the other side are in
/// `EmbeddedServer+ChatKnobs.swift`.
extension EmbeddedServer {
    // MARK: Requests

    func fetchConversations(
        accessToken: String, completion: @escaping ServiceCompletion<[ConversationSummary]>
    ) {
        performAuthorized(.fetchConversations, accessToken: accessToken, completion: completion) {
            state, viewer, _ in
            var summaries: [ConversationSummary] = []
            for (id, pair) in state.discovery.matches {
                guard pair.first == viewer || pair.second == viewer else { continue }
                let other = pair.first == viewer ? pair.second : pair.first
                let match = Match(
                    id: id, user: other, displayName: displayName(of: other, in: state), matchedAt: pair.at)
                let conversation = state.chat.conversations[id]
                var last: Message?
                if let message = conversation?.messages.last { last = seen(by: viewer, message, in: state) }
                summaries.append(
                    ConversationSummary(
                        match: match, lastMessage: last, unreadCount: conversation?.unread(of: viewer) ?? 0))
            }
            // The list holds what the user's device had not heard yet: their next feed starts after it.
            state.chat.undelivered[viewer] = nil
            return .success(summaries)
        }
    }

    func fetchMessages(
        conversation: String, before cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<MessagePage>
    ) {
        performAuthorized(.fetchMessages, accessToken: accessToken, completion: completion) {
            state, viewer, _ in
            guard isMember(viewer, of: conversation, in: state) else { return .failure(.notFound) }
            let all = state.chat.conversations[conversation]?.messages ?? []
            let end: Int
            if let cursor {
                guard let value = Int(cursor), (0...all.count).contains(value) else {
                    return .failure(.rejected("bad cursor"))
                }
                end = value
            } else {
                end = all.count
            }
            let size = max(1, min(limit, 200))
            if cursor == nil, configuration.faults.contains(.reorderPages) {
                // The fault: the page before the newest comes first, with a cursor to the newest.
                let older = all[max(0, end - 2 * size)..<max(0, end - size)]
                let page = older.reversed().map { seen(by: viewer, $0, in: state) }
                return .success(MessagePage(messages: page, olderCursor: end > 0 ? String(end) : nil))
            }
            let start = max(0, end - size)
            let page = all[start..<end].reversed().map { seen(by: viewer, $0, in: state) }
            return .success(MessagePage(messages: page, olderCursor: start > 0 ? String(start) : nil))
        }
    }

    func sendMessage(
        _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>
    ) {
        performAuthorized(.sendMessage, accessToken: accessToken, completion: completion) {
            state, viewer, now in
            post(in: &state, message, from: viewer, now: now)
        }
    }

    func markRead(conversation: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        performAuthorized(.markRead, accessToken: accessToken, completion: completion) { state, viewer, now in
            guard isMember(viewer, of: conversation, in: state) else { return .failure(.notFound) }
            read(in: &state, conversation: conversation, by: viewer, now: now)
            return .success(())
        }
    }

    func setTyping(
        conversation: String, isTyping: Bool, accessToken: String,
        completion: @escaping ServiceCompletion<Void>
    ) {
        performAuthorized(.setTyping, accessToken: accessToken, completion: completion) { state, viewer, _ in
            guard let other = partner(of: viewer, in: conversation, state: state) else {
                return .failure(.notFound)
            }
            emit(in: &state, to: other, .typing(conversation: conversation, isTyping: isTyping))
            return .success(())
        }
    }

    func unmatch(
        conversation: String, block: Bool, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        performAuthorized(.unmatch, accessToken: accessToken, completion: completion) { state, viewer, _ in
            guard isMember(viewer, of: conversation, in: state) else { return .failure(.notFound) }
            end(in: &state, conversation: conversation, by: viewer, block: block)
            return .success(())
        }
    }

    func subscribe(accessToken: String, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void)
        -> ScheduledTask
    {
        let now = scheduler.now
        let subscription = state.withLock { state -> (UserID, UInt64)? in
            guard case .success(let viewer) = authorize(accessToken, in: state, now: now) else { return nil }
            let id = state.chat.nextSubscriber
            state.chat.nextSubscriber += 1
            state.chat.subscribers[viewer, default: [:]][id] = onEvent
            resumeFeed(id, of: viewer, with: onEvent, in: &state, now: now)
            return (viewer, id)
        }
        guard let (viewer, id) = subscription else { return ScheduledTask {} }
        return ScheduledTask { [weak self] in
            self?.state.withLock { state in
                _ = state.chat.subscribers[viewer]?.removeValue(forKey: id)
                Self.keepUndelivered(state.chat.backlogs.removeValue(forKey: id), of: viewer, in: &state)
            }
        }
    }

    // MARK: Internals

    /// Announces a new match to both people's subscribers.
    func announceMatch(in state: inout State, _ first: UserID, _ second: UserID, id: String, at date: Date) {
        emit(
            in: &state, to: first,
            .matched(
                Match(id: id, user: second, displayName: displayName(of: second, in: state), matchedAt: date))
        )
        emit(
            in: &state, to: second,
            .matched(
                Match(id: id, user: first, displayName: displayName(of: first, in: state), matchedAt: date)))
    }

    /// The key of an unordered pair of people (in the blocked set): their conversation id, which no
    /// other pair shares.
    static func pair(_ first: UserID, _ second: UserID) -> String {
        Match.id(between: first, and: second)
    }

    func post(in state: inout State, _ outgoing: OutgoingMessage, from sender: UserID, now: Date)
        -> Result<Message, ServiceError>
    {
        // The message is made only for a live match; a resend gets the message its transaction made.
        let recipient = partner(of: sender, in: outgoing.conversation, state: state)
        let made: Message? =
            if recipient != nil {
                Message(
                    id: messageID(state.chat.nextMessage + 1), conversation: outgoing.conversation,
                    sender: sender, text: outgoing.text, sentAt: now, transactionID: outgoing.id,
                    status: .sent)
            } else { nil }
        if let existing = state.chat.claimTransaction(
            .init(sender: sender, transaction: outgoing.id), for: made)
        {
            return .success(seen(by: sender, existing, in: state))
        }
        guard let recipient, let message = made else { return .failure(.matchEnded) }
        state.chat.nextMessage += 1
        // The recipient's devices: whether one is listening (online), and where the message goes.
        let handlers = state.chat.subscribers[recipient]
        let listening = handlers?.isEmpty == false && !state.isNetworkDown
        let (delivered, seen) = Self.append(
            message, to: &state.chat.conversations[outgoing.conversation, default: .init()],
            recipient: recipient, listening: listening)
        emit(in: &state, to: recipient, .messageReceived(message), via: handlers)
        if configuration.faults.contains(.duplicateMessageWithoutID) {
            // The fault: the message again, under another id and with no transaction id.
            var again = message
            again.id += "-again"
            again.transactionID = nil
            emit(in: &state, to: recipient, .messageReceived(again), via: handlers)
        }
        if delivered {
            emit(
                in: &state, to: sender, .delivered(conversation: outgoing.conversation, upTo: message.sentAt))
        }
        return .success(seen)
    }

    /// Appends a message to a conversation, counts it unread for `recipient` and, when they are
    /// `listening`, marks it delivered to them; returns whether it was (so the sender is told) and the
    /// message as its sender sees it with the recipient's receipts.
    private static func append(
        _ message: Message, to conversation: inout ChatServerState.Conversation, recipient: UserID,
        listening: Bool
    ) -> (delivered: Bool, seen: Message) {
        conversation.messages.append(message)
        let delivered = conversation.update(recipient) { receipts in
            receipts.unread += 1
            guard listening, message.sender != recipient,
                (receipts.deliveredUpTo ?? .distantPast) < message.sentAt
            else { return false }
            receipts.deliveredUpTo = message.sentAt
            return true
        }
        return (delivered, seen(message, other: recipient, in: conversation))
    }

    func end(in state: inout State, conversation: String, by user: UserID, block: Bool) {
        guard let pair = state.discovery.matches.removeValue(forKey: conversation) else { return }
        if block { state.chat.blocked.insert(Self.pair(pair.first, pair.second)) }
        emit(in: &state, to: pair.first, .unmatched(conversation: conversation))
        emit(in: &state, to: pair.second, .unmatched(conversation: conversation))
    }

    func isMember(_ user: UserID, of conversation: String, in state: State) -> Bool {
        partner(of: user, in: conversation, state: state) != nil
    }

    /// The other person of `user`'s live match `conversation`; with `includeEnded`, of an ended one too
    /// (named by its id).
    func partner(of user: UserID, in conversation: String, state: State, includeEnded: Bool = false)
        -> UserID?
    {
        if let pair = state.discovery.matches[conversation] {
            if pair.first == user { return pair.second }
            if pair.second == user { return pair.first }
            return nil
        }
        guard includeEnded else { return nil }
        // An ended match is no longer in the table: its id names its two people.
        return Match.other(in: conversation, than: user)
    }

    /// The id of the `number`-th message: `msg-` and the number, zero-padded to at least nine digits.
    func messageID(_ number: Int) -> String {
        let digits = String(number)
        return "msg-" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }
}
