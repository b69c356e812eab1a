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
            // A loop, not `compactMap`: its closure captured the server's whole state, copied (every
            // table in it retained and released) on each request.
            var summaries: [ConversationSummary] = []
            for (id, pair) in state.discovery.matches.all {
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
            guard let other = partner(of: viewer, in: conversation, state: &state) else {
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
            guard case .success(let viewer) = authorize(accessToken, in: &state, now: now) else { return nil }
            let id = state.chat.nextSubscriber
            state.chat.nextSubscriber += 1
            state.chat.subscribers.add(onEvent, of: viewer, id: id)
            // Everything waiting for this user has now reached a device of theirs.
            for (conversation, pair) in state.discovery.matches.all
            where pair.first == viewer || pair.second == viewer {
                deliver(in: &state, conversation: conversation, to: viewer, now: now)
            }
            return (viewer, id)
        }
        guard let (viewer, id) = subscription else { return ScheduledTask {} }
        return ScheduledTask { [weak self] in
            self?.state.withLock { $0.chat.subscribers.remove(of: viewer, id: id) }
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
        // The partner is looked up first (a read): then one hash of the transaction key finds a resend
        // or records the new message.
        let recipient = partner(of: sender, in: outgoing.conversation, state: &state)
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
        guard let recipient, let message = made else { return .failure(.rejected("This match has ended.")) }
        state.chat.nextMessage += 1
        // The recipient's devices, found once: whether one is listening (sending an event does not
        // change that) and where the message goes.
        let handlers = state.chat.subscribers.handlers(of: recipient)
        let listening = handlers?.isEmpty == false
        // The conversation is found once: the message, the unread count, the delivery receipt and
        // the sender's view of the message all come from the one record.
        let position = state.chat.conversations.position(of: outgoing.conversation) { .init() }
        let (delivered, seen) = state.chat.conversations.update(at: position) {
            Self.append(message, to: &$0, recipient: recipient, listening: listening)
        }
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

    func read(in state: inout State, conversation: String, by reader: UserID, now: Date) {
        guard let other = partner(of: reader, in: conversation, state: state) else { return }
        let position = state.chat.conversations.position(of: conversation) { .init() }
        let upTo = state.chat.conversations.update(at: position) { Self.read(&$0, by: reader, now: now) }
        emit(in: &state, to: other, .read(conversation: conversation, upTo: upTo))
    }

    /// Marks a conversation read (and so delivered) by `reader` up to its last message (or `now`, when
    /// it has none); returns up to when.
    private static func read(_ conversation: inout ChatServerState.Conversation, by reader: UserID, now: Date)
        -> Date
    {
        let upTo = conversation.messages.last?.sentAt ?? now
        conversation.update(reader) { receipts in
            receipts.readUpTo = upTo
            receipts.deliveredUpTo = upTo
            receipts.unread = 0
        }
        return upTo
    }

    private func deliver(in state: inout State, conversation: String, to recipient: UserID, now: Date) {
        guard let index = state.chat.conversations.lookup(conversation).position,
            let sender = partner(of: recipient, in: conversation, state: state),
            let upTo = state.chat.conversations.update(at: index, { Self.deliver(&$0, to: recipient) })
        else { return }
        emit(in: &state, to: sender, .delivered(conversation: conversation, upTo: upTo))
    }

    /// Marks a conversation's last message delivered to `recipient` unless it is theirs or already
    /// was; returns its time when it was marked.
    private static func deliver(_ conversation: inout ChatServerState.Conversation, to recipient: UserID)
        -> Date?
    {
        guard let last = conversation.messages.last, last.sender != recipient,
            (conversation.deliveredUpTo(of: recipient) ?? .distantPast) < last.sentAt
        else { return nil }
        conversation.update(recipient) { $0.deliveredUpTo = last.sentAt }
        return last.sentAt
    }

    func end(in state: inout State, conversation: String, by user: UserID, block: Bool) {
        guard let pair = state.discovery.matches.remove(conversation) else { return }
        if block { state.chat.blocked.insert(Self.pair(pair.first, pair.second)) }
        emit(in: &state, to: pair.first, .unmatched(conversation: conversation))
        emit(in: &state, to: pair.second, .unmatched(conversation: conversation))
    }

    /// A message as `viewer` sees it: their own messages carry the other person's receipts.
    private func seen(by viewer: UserID, _ message: Message, in state: State) -> Message {
        guard message.sender == viewer,
            let other = partner(of: viewer, in: message.conversation, state: state, includeEnded: true)
        else { return message }
        return seen(by: viewer, message, other: other, in: state)
    }

    /// A message of `viewer`'s, whose partner in the conversation is `other`, with `other`'s receipts.
    private func seen(by viewer: UserID, _ message: Message, other: UserID, in state: State) -> Message {
        guard message.sender == viewer else { return message }
        guard let conversation = state.chat.conversations[message.conversation] else {
            var seen = message
            seen.status = .sent
            return seen
        }
        return Self.seen(message, other: other, in: conversation)
    }

    /// A message with `other`'s receipts from its conversation: read, delivered or sent.
    private static func seen(_ message: Message, other: UserID, in conversation: ChatServerState.Conversation)
        -> Message
    {
        var seen = message
        if let read = conversation.readUpTo(of: other), message.sentAt <= read {
            seen.status = .read
        } else if let delivered = conversation.deliveredUpTo(of: other), message.sentAt <= delivered {
            seen.status = .delivered
        } else {
            seen.status = .sent
        }
        return seen
    }

    private func isMember(_ user: UserID, of conversation: String, in state: State) -> Bool {
        partner(of: user, in: conversation, state: state) != nil
    }

    /// The other person of `user`'s live match `conversation`, remembering the match for the next
    /// request about it (see ``MatchTable``).
    private func partner(of user: UserID, in conversation: String, state: inout State) -> UserID? {
        guard let pair = state.discovery.matches.value(for: conversation) else { return nil }
        if pair.first == user { return pair.second }
        if pair.second == user { return pair.first }
        return nil
    }

    private func partner(of user: UserID, in conversation: String, state: State, includeEnded: Bool = false)
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

    func emit(in state: inout State, to user: UserID, _ event: ChatEvent) {
        let handlers = state.chat.subscribers.handlers(of: user)
        emit(in: &state, to: user, event, via: handlers)
    }

    /// ``emit(in:to:_:)`` with the user's subscription handlers found beforehand: sent to them now, or
    /// held while the knob holds events (and then sent to whoever listens when they are let go).
    private func emit(
        in state: inout State, to user: UserID, _ event: ChatEvent,
        via handlers: SubscriberTable.Handlers?
    ) {
        if state.chat.holdEvents > 0 { return hold(event, for: user, in: &state) }
        send(event, via: handlers, after: state.latency, twice: state.chat.duplicateEvents)
    }

    /// Holds an event while the knob holds events; the last one held lets them all go, newest first.
    @inline(never)
    private func hold(_ event: ChatEvent, for user: UserID, in state: inout State) {
        state.chat.heldEvents.append((user, event))
        state.chat.holdEvents -= 1
        guard state.chat.holdEvents == 0 else { return }
        let held = state.chat.heldEvents.reversed()
        state.chat.heldEvents = []
        for (recipient, heldEvent) in held {
            send(
                heldEvent, via: state.chat.subscribers[recipient], after: state.latency,
                twice: state.chat.duplicateEvents)
        }
    }

    /// Sends an event to a user's subscription handlers (found beforehand) after `latency`, `twice`
    /// when the knob duplicates events.
    ///
    /// Given the two settings rather than the server's state: handed the state, a call copied all of it.
    private func send(
        _ event: ChatEvent, via handlers: SubscriberTable.Handlers?, after latency: Duration, twice: Bool
    ) {
        guard let handlers, !handlers.isEmpty else { return }
        let copies = twice ? 2 : 1
        for handler in handlers.values {
            for _ in 0..<copies { scheduler.deliver(after: latency) { handler(event) } }
        }
    }

    func messageID(_ number: Int) -> String {
        DecimalText.make("msg-", number, minimumDigits: 9)
    }
}
