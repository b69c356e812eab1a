import Foundation
import Interactors
import Models
import Services

/// The chat use case's session-wide context: every conversation's messages, the matches list, the
/// persistent outbox and the live feed.
///
/// Inputs: ``start()``, ``reloadList()``, ``matchMade(_:)``, ``send(_:to:)``, ``retryFailed(in:)``,
/// ``loadHistory(of:older:)``, ``opened(_:)``, ``closed(_:)``, ``setTyping(_:in:)``,
/// ``unmatch(_:block:)``. Output: ``Models/ChatListState`` through ``store`` (new matches, conversations
/// by last activity with unread counts and previews, and the list changes from the previous
/// snapshot), ordered by ``Interactors/MatchesListOrder``; per-conversation changes through
/// ``observeConversation(_:_:)``. Messages are merged by id in a ``Interactors/ConversationLog`` per
/// conversation, so duplicate or out-of-order deliveries change nothing and one arrival never walks
/// other conversations. Every outgoing message waits in a persistent outbox with its transaction id
/// until the server confirmed it, so it is sent exactly once across network drops, relaunches and
/// re-logins.
@MainActor
public final class ChatContext: StateContext {
    /// What changed in one conversation, for its open screen.
    public enum ConversationChange: Sendable {
        /// Messages were added or changed (ids).
        case messages(added: [String], updated: [String])
        /// The other person started or stopped typing.
        case typing(Bool)
        /// The match ended.
        case unmatched
        /// A history page arrived or failed.
        case history(RequestFailure?)
    }

    /// The observable list.
    ///
    /// Emits when a conversation, match, unread count or the outbox changes.
    public let store = StateStore(ChatListState())

    let viewer: UserID
    let authorizer: RequestAuthorizer
    let chat: any ChatService
    let scheduler: any Scheduler
    let ids: any IDGenerator
    /// Tries list loads again: on a timer, or when the network returns.
    let retries: RetryTimer

    /// Everything kept per conversation, by its id.
    var records: [String: ConversationRecord] = [:]
    /// How many records have a summary: the number of conversations and new matches.
    var summaryCount = 0
    /// Conversations whose summary changed since the list was last published.
    var changedRows: Set<String> = []
    /// Each conversation's observers (``observeConversation(_:_:)``), made on first use.
    var observers: [String: ObserverRegistry<ConversationChange>] = [:]
    /// Saves, sends and retries the messages of ``Models/ChatListState/outbox``.
    let outbox: DurableQueue<ChatListState, OutgoingMessage, Message>
    /// What the deck's swipe queue holds: a message to a new match waits for its swipe.
    let pendingSwipes: PendingSwipes?
    /// The live feed (`"feed"`), the list's retry (`"listRetry"`), the watch on the deck's pending
    /// swipes (`"pendingSwipes"`) and the answers of requests, cancelled by ``end()``.
    let tasks = CancelBag()
    /// Whether a request for the list is under way.
    var isLoadingList = false
    /// The number of the last attempt to load the list (0 for the first).
    var listAttempt = 0
    var started = false

    /// Creates the chat of `viewer`; `outboxStore` keeps unsent messages (memory only when `nil`);
    /// retries wait for `network` while it is down (always reachable when `nil`); a message to a match
    /// whose swipe `pendingSwipes` holds waits for it (nothing waits when `nil`).
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, chat: any ChatService, scheduler: any Scheduler,
        ids: any IDGenerator, outboxStore: (any QueueStore<OutgoingMessage>)?,
        network: (any NetworkMonitor)? = nil,
        pendingSwipes: PendingSwipes? = nil
    ) {
        self.viewer = viewer
        self.authorizer = authorizer
        self.chat = chat
        self.scheduler = scheduler
        self.ids = ids
        self.pendingSwipes = pendingSwipes
        let network = network ?? UnmonitoredNetwork(scheduler: scheduler)
        retries = RetryTimer(scheduler: scheduler, network: network)
        outbox = DurableQueue(
            in: store, at: \.outbox, file: outboxStore, scheduler: scheduler, network: network, tasks: tasks)
        connectOutbox()
    }

    /// Call when the session's flow ends: stops the live feed, the list's and the outbox's retries,
    /// and drops the answers still on their way. The outbox stays saved.
    public func end() {
        tasks.cancelAll()
    }

    // MARK: Reading

    /// The signed-in user.
    public var me: UserID { viewer }

    /// A conversation's loaded messages, oldest first (shared with the chat's record, not copied).
    public func messages(of conversation: String) -> MessageList {
        records[conversation]?.log.messages ?? []
    }

    /// The match a conversation belongs to, if it is one of the user's.
    public func match(of conversation: String) -> Match? {
        records[conversation]?.summary?.match
    }

    /// Whether the conversation is one of the user's.
    func has(_ conversation: String) -> Bool {
        records[conversation]?.summary != nil
    }

    /// Whether older messages of a conversation exist on the server.
    public func hasOlderMessages(_ conversation: String) -> Bool {
        records[conversation]?.hasOlderMessages ?? true
    }

    /// Whether a history page of the conversation is loading.
    public func isLoadingHistory(_ conversation: String) -> Bool {
        records[conversation]?.isLoadingHistory ?? false
    }

    /// Calls `observer` with every change to one conversation, until the token goes.
    public func observeConversation(
        _ conversation: String, _ observer: @escaping @MainActor @Sendable (ConversationChange) -> Void
    ) -> ObservationToken {
        _ = ensureRecord(conversation)
        let registry = observers[conversation] ?? ObserverRegistry<ConversationChange>()
        observers[conversation] = registry
        return registry.add(observer)
    }

    // MARK: Inputs

    /// Call once when the signed-in app starts: loads the outbox (its conversation ids of the earlier
    /// form made current) and shows its messages at once (each in its conversation's row, from the
    /// match it keeps), loads the list (which starts the live feed), and sends what waits in the outbox.
    public func start() {
        guard !started else { return }
        started = true
        _ = outbox.load { message in
            message.refusal.map { .failed(reason: $0, retryable: false) } ?? .waiting
        }
        migrateConversationIDs()
        for message in outbox.queue.items {
            if let match = message.match, match.id == message.conversation, !has(message.conversation) {
                setSummary(
                    ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id)
            }
            if let refusal = message.refusal {
                addPending(message, status: .refused, reason: refusal)
            } else {
                addPending(message, status: .sending)
            }
        }
        loadList(attempt: 0)
        publish()
        flush()
    }

    /// Call when a swipe made a match (the deck's broadcast).
    public func matchMade(_ match: Match) {
        guard !has(match.id) else { return }
        setSummary(ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id)
        publish()
    }

    /// Call when the user sends a message: validated, shown at once as sending, and queued.
    ///
    /// Returns why it cannot be sent, if it cannot.
    public func send(_ text: String, to conversation: String) -> MessageProblem? {
        guard has(conversation) else { return .unmatched }
        let validated: String
        switch MessageValidator.validate(text) {
        case .failure(let error): return error.problem
        case .success(let trimmed): validated = trimmed
        }
        let match = match(of: conversation)
        let message = OutgoingMessage(
            id: ids.next(), conversation: conversation, text: validated, createdAt: scheduler.now,
            match: match, dependsOn: match.flatMap { pendingSwipes?.swipe(liking: $0.user) })
        store.batch {
            outbox.enqueue(message)
            addPending(message, status: .sending)
            publish()
            flush()
        }
        return nil
    }

    /// Call when the user taps retry: the conversation's messages that failed and may succeed are
    /// sent again now (those refused for good are not).
    public func retryFailed(in conversation: String) {
        outbox.retry(outbox.queue.items.filter { $0.conversation == conversation }.map(\.id))
    }

    /// Call when the user deletes the conversation's messages not sent (failed or refused): they
    /// leave the outbox and the conversation, and the messages that waited behind them go now.
    public func deleteFailed(in conversation: String) {
        var deleted: [String] = []
        var removed: [String] = []
        for entry in outbox.queue.entries where entry.item.conversation == conversation {
            guard case .failed = entry.state else { continue }
            deleted.append(entry.item.id)
            if records[conversation]?.log.remove(entry.item.id) == true { removed.append(entry.item.id) }
        }
        store.batch {
            for id in deleted { outbox.remove(id) }
            if !deleted.isEmpty { flush() }
            guard !removed.isEmpty else { return }
            if let record = records[conversation], let summary = record.summary {
                setSummary(
                    ConversationSummaryRules.taking(record.log.messages.last, unseen: 0, into: summary),
                    for: conversation)
            }
            notify(conversation, .messages(added: [], updated: removed))
            publish()
        }
    }

    /// Call when a conversation's screen needs history: the newest page, or (`older`) the next older one.
    public func loadHistory(of conversation: String, older: Bool) {
        guard let record = records[conversation], !record.isLoadingHistory, record.summary != nil else {
            return
        }
        let older = older && record.historyLoaded
        if older, record.olderCursor == nil { return }
        if !older, record.historyLoaded { return }
        let cursor = older ? record.olderCursor : nil
        records[conversation]?.isLoadingHistory = true
        authorizer.perform(
            { [chat] token, completion in
                chat.fetchMessages(
                    conversation: conversation, before: cursor, limit: 50, accessToken: token,
                    completion: completion)
            },
            completion: tasks.answer { [weak self] result in
                self?.historyArrived(result, conversation: conversation, older: older)
            })
    }

    /// Call when a conversation's screen opens: its messages are marked read while it is open.
    public func opened(_ conversation: String) {
        ensureRecord(conversation).openCount += 1
        markReadIfNeeded(conversation)
    }

    /// Call when a conversation's screen closes.
    public func closed(_ conversation: String) {
        guard let record = records[conversation], record.openCount > 0 else { return }
        records[conversation]?.openCount -= 1
    }

    /// Call when the user starts or stops typing in a conversation.
    public func setTyping(_ isTyping: Bool, in conversation: String) {
        guard has(conversation) else { return }
        authorizer.perform { [chat] token, completion in
            chat.setTyping(
                conversation: conversation, isTyping: isTyping, accessToken: token, completion: completion)
        }
    }

    /// Call when the user unmatches (or blocks) the person of a conversation.
    public func unmatch(_ conversation: String, block: Bool) {
        guard has(conversation) else { return }
        removeConversation(conversation)
        authorizer.perform(
            { [chat] token, completion in
                chat.unmatch(
                    conversation: conversation, block: block, accessToken: token, completion: completion)
            },
            completion: tasks.answer { [weak self] result in
                if case .failure(let error) = result { self?.reportIfSessionEnded(error) }
            })
    }
}
