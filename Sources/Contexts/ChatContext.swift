import Foundation
import Interactors
import Models
import Services

/// The chat use case's session-wide context: every conversation's messages, the matches list, the
/// persistent outbox and the live feed.
///
/// Inputs: ``start()``, ``matchMade(_:)``, ``send(_:to:)``, ``retryFailed(in:)``,
/// ``loadHistory(of:older:)``, ``opened(_:)``, ``closed(_:)``, ``setTyping(_:in:)``,
/// ``unmatch(_:block:)``. Output: ``ChatListState`` through ``store`` (new matches, conversations
/// by last activity with unread counts and previews, and the list changes from the previous
/// snapshot); per-conversation changes through ``observeConversation(_:_:)``, and to
/// ``ConversationContext`` through an internal registration that leaves out the id of a message
/// merged alone. Messages are merged by id in a ``ConversationLog`` per conversation, so duplicate
/// or out-of-order deliveries change nothing and one arrival never walks other conversations.
/// Every outgoing message waits in a persistent outbox with its transaction id until the server
/// confirmed it, so it is sent exactly once across network drops, relaunches and re-logins.
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

    /// The observable list. Emits when a conversation, match, unread count or the outbox changes.
    public let store = StateStore(ChatListState())

    let viewer: UserID
    let authorizer: RequestAuthorizer
    /// The chat service and the outbox's store, in one reference a request's closure captures.
    let backend: Backend
    let scheduler: any Scheduler
    let ids: any IDGenerator

    // The bookkeeping below is main-actor isolated and no access to it spans a call that could come
    // back to it (merges and summary edits in place are pure; observers are called after the
    // access ends), so the run-time exclusivity checks — a few thousand instructions per message
    // sent — are left out for it, as for ``StateStore``'s.

    /// Everything kept per conversation, in one record so that an operation on a conversation finds
    /// it with one hash of its id (a reference: reading a field copies nothing else); change a summary
    /// only through ``setSummary(_:for:)``, which marks the row (or in place, marking it with
    /// ``mark(_:)``).
    @exclusivity(unchecked) var records: [String: ConversationRecord] = [:]
    /// How many records have a summary: the number of conversations and new matches.
    var summaryCount = 0
    /// Conversations whose summary changed since the list was last published, each once (its record
    /// says it is here).
    @exclusivity(unchecked) var dirty: [ConversationRecord] = []
    @exclusivity(unchecked) var outbox: [OutgoingMessage] = []
    /// The list state box the last publish let go of, written over by a later one
    /// (``ChatListState/SpareStorage``).
    @exclusivity(unchecked) var spareList = ChatListState.SpareStorage()
    /// The storage of the conversations' rows the last row replaced in place let go of, which the
    /// next one copies the rows into (``TreeList/replace(at:with:spare:)``): free by then, as the
    /// spare list box (which held it) lets go of its contents first.
    @exclusivity(unchecked) var spareRows: [ConversationSummary] = []
    @exclusivity(unchecked) var sendingID: String?
    var retryAttempt = 0
    var retryTask: ScheduledTask?
    var subscription: ScheduledTask?
    var listRetry: ScheduledTask?
    var started = false
    /// This chat, held weakly, for the answers of messages in flight: made once and shared.
    let weakSelf = WeakReference<ChatContext>()
    /// The storage of the ids the last message merged alone updated, reused by the next one (a
    /// confirmation updates one id: no new array for it once nothing else holds this one).
    @exclusivity(unchecked) var updatedIDs: [String] = []
    /// Storage for an open conversation's messages (``ConversationLog/mergeOne(_:updated:spare:)``),
    /// let go of when a conversation's last screen closes. Kept here, not in each record: one is
    /// open at a time, and a field in every record was 8 bytes more for each of a million of them.
    @exclusivity(unchecked) var spareMessages: [Message] = []
    /// The delivery of the last message sent, reused for the next one once nothing else holds it
    /// (main-actor isolated, and no access to it spans a call: no run-time exclusivity check).
    @exclusivity(unchecked) var lastDelivery: Delivery?

    /// Creates the chat of `viewer`; `outboxStore` keeps unsent messages (memory only when `nil`).
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, chat: any ChatService, scheduler: any Scheduler,
        ids: any IDGenerator, outboxStore: (any OutboxStore)?
    ) {
        self.viewer = viewer
        self.authorizer = authorizer
        backend = Backend(chat: chat, outboxStore: outboxStore)
        self.scheduler = scheduler
        self.ids = ids
        weakSelf.object = self
    }

    // Not isolated: cancelling a scheduled task is thread-safe, and an isolated deinit costs an executor
    // check on every release.
    deinit {
        subscription?.cancel()
        retryTask?.cancel()
        listRetry?.cancel()
    }

    // MARK: Reading

    /// The signed-in user.
    public var me: UserID { viewer }

    /// A conversation's loaded messages, oldest first.
    public func messages(of conversation: String) -> [Message] {
        records[conversation]?.log.messages ?? []
    }

    /// The match a conversation belongs to, if it is one of the user's.
    public func match(of conversation: String) -> Match? {
        records[conversation]?.summary?.match
    }

    /// Whether the conversation is one of the user's (without copying its summary out).
    func has(_ conversation: String) -> Bool {
        records[conversation]?.hasSummary ?? false
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
        observe(record(of: conversation), observer)
    }

    /// ``observeConversation(_:_:)`` of a record found beforehand.
    func observe(
        _ record: ConversationRecord, _ observer: @escaping @MainActor @Sendable (ConversationChange) -> Void
    ) -> ObservationToken {
        Self.add(observer, to: &record.observers)
    }

    /// Calls a conversation's screen with every change to it, as ``observe(_:_:)`` does, except that
    /// a message merged alone comes without its id in `added` (a batch still names them): the screen
    /// reads only the updated ones, so one message merged builds no array of added ids. Screens are
    /// told before the conversation's other observers.
    func observeAsScreen(
        _ record: ConversationRecord, _ observer: @escaping @MainActor @Sendable (ConversationChange) -> Void
    ) -> ObservationToken {
        Self.add(observer, to: &record.screens)
    }

    /// Adds `observer` to `registry`, made on first use.
    private static func add(
        _ observer: @escaping @MainActor @Sendable (ConversationChange) -> Void,
        to registry: inout ObserverRegistry<ConversationChange>?
    ) -> ObservationToken {
        if let registry { return registry.add(observer) }
        let made = ObserverRegistry<ConversationChange>()
        registry = made
        return made.add(observer)
    }

    // MARK: Inputs

    /// Call once when the signed-in app starts: loads the outbox, starts the live feed, loads the list,
    /// and sends what waits in the outbox.
    public func start() {
        guard !started else { return }
        started = true
        do {
            outbox = try backend.outboxStore.load()
        } catch {
            store.report(error)
        }
        for message in outbox { addPending(message, status: .sending) }
        loadList(attempt: 0)
        publish()
        flush()
    }

    /// Loads the conversations list; offline or on a server fault, tries again with ``RetryPolicy``.
    func loadList(attempt: Int) {
        authorizer.perform(
            { [backend] token, completion in
                backend.chat.fetchConversations(accessToken: token, completion: completion)
            },
            completion: { [weak self] result in
                guard let self else { return }
                if case .failure(let error) = result, !self.reportIfSessionEnded(error) {
                    self.listRetry = self.scheduler.schedule(
                        after: RetryPolicy.delay(forAttempt: attempt + 1)
                    ) {
                        [weak self] in self?.loadList(attempt: attempt + 1)
                    }
                    return
                }
                self.loaded(result)
            })
    }

    /// Call when a swipe made a match (the deck's broadcast).
    public func matchMade(_ match: Match) {
        guard !has(match.id) else { return }
        setSummary(ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id)
        publish()
    }

    /// Call when the user sends a message: validated, shown at once as sending, and queued.
    /// Returns why it cannot be sent, if it cannot.
    public func send(_ text: String, to conversation: String) -> MessageProblem? {
        guard let record = records[conversation] else { return .unmatched }
        return send(text, to: record)
    }

    /// ``send(_:to:)`` to a record found beforehand.
    func send(_ text: String, to record: ConversationRecord) -> MessageProblem? {
        guard record.hasSummary else { return .unmatched }
        let validated: String
        switch MessageValidator.validate(text) {
        case .failure(let error): return error.problem
        case .success(let trimmed): validated = trimmed
        }
        let message = OutgoingMessage(
            id: ids.next(), conversation: record.id, text: validated, createdAt: scheduler.now)
        // An outbox without storage (the first message) is made of the message: less code than
        // growing an empty array. Later ones are appended to the storage kept when the outbox
        // emptied (`dequeue(_:)`).
        if outbox.capacity == 0 { outbox = [message] } else { outbox.append(message) }
        persistOutbox()
        addPending(message, status: .sending, into: record)
        publish()
        flush(known: record)
        return nil
    }

    /// Call when the user taps retry: failed messages of the conversation are sent again now.
    public func retryFailed(in conversation: String) {
        var changed: [String] = []
        let queued = Set(outbox.map(\.id))
        for message in messages(of: conversation)
        where message.sender == viewer && message.status == .failed && !queued.contains(message.id) {
            outbox.append(
                OutgoingMessage(
                    id: message.id, conversation: conversation, text: message.text, createdAt: message.sentAt)
            )
        }
        persistOutbox()
        for message in outbox where message.conversation == conversation {
            if records[conversation]?.log.setPendingStatus(message.id, .sending) == true {
                changed.append(message.id)
            }
        }
        notify(conversation, .messages(added: [], updated: changed))
        retryTask?.cancel()
        retryTask = nil
        retryAttempt = 0
        flush()
    }

    /// Call when a conversation's screen needs history: the newest page, or (`older`) the next older one.
    public func loadHistory(of conversation: String, older: Bool) {
        guard let record = records[conversation], !record.isLoadingHistory, record.hasSummary else { return }
        let older = older && record.historyLoaded
        if older, record.olderCursor == nil { return }
        if !older, record.historyLoaded { return }
        let cursor = older ? record.olderCursor : nil
        record.isLoadingHistory = true
        authorizer.perform(
            HistoryRequest(
                conversation: conversation, cursor: cursor, older: older, backend: backend, chat: weakSelf,
                authorizer: authorizer.weakSelf))
    }

    /// Call when a conversation's screen opens: its messages are marked read while it is open.
    public func opened(_ conversation: String) {
        opened(record(of: conversation))
    }

    /// ``opened(_:)`` for a record found beforehand.
    func opened(_ record: ConversationRecord) {
        record.openCount += 1
        markReadIfNeeded(record)
    }

    /// Call when a conversation's screen closes.
    public func closed(_ conversation: String) {
        guard let record = records[conversation], record.openCount > 0 else { return }
        record.openCount -= 1
        if record.openCount == 0 { spareMessages = [] }
    }

    /// Call when the user starts or stops typing in a conversation.
    public func setTyping(_ isTyping: Bool, in conversation: String) {
        guard let record = records[conversation] else { return }
        setTyping(isTyping, of: record)
    }

    /// ``setTyping(_:in:)`` for a record found beforehand.
    ///
    /// Not inlined: a conversation's screen calls it on its first keystroke and when it sends, and
    /// both then run this one copy.
    @inline(never)
    func setTyping(_ isTyping: Bool, of record: ConversationRecord) {
        guard record.hasSummary else { return }
        authorizer.perform(typingNotice(isTyping, of: record))
    }

    /// Call when the user unmatches (or blocks) the person of a conversation.
    public func unmatch(_ conversation: String, block: Bool) {
        guard has(conversation) else { return }
        removeConversation(conversation)
        authorizer.perform(
            { [backend] token, completion in
                backend.chat.unmatch(
                    conversation: conversation, block: block, accessToken: token, completion: completion)
            },
            completion: { [weak self] result in
                if case .failure(let error) = result { self?.reportIfSessionEnded(error) }
            })
    }

    // MARK: Events

    func received(_ event: ChatEvent) {
        switch event {
        case .messageReceived(let message):
            guard let record = records[message.conversation], record.hasSummary else { return }
            absorb(message, into: record)
            if message.sender != viewer, record.openCount > 0, record.log.contains(message.id) {
                markReadIfNeeded(record)
            }
            publish()
        case .delivered(let conversation, let upTo):
            raise(conversation, upTo: upTo, to: .delivered)
        case .read(let conversation, let upTo):
            raise(conversation, upTo: upTo, to: .read)
        case .typing(let conversation, let isTyping):
            notify(conversation, .typing(isTyping))
        case .matched(let match):
            matchMade(match)
        case .unmatched(let conversation):
            guard has(conversation) else { return }
            removeConversation(conversation)
        }
    }

    func loaded(_ result: Result<[ConversationSummary], ServiceError>) {
        switch result {
        case .success(let list):
            // The list came through the authorizer, so its token is fresh: the live feed uses it.
            if subscription == nil {
                subscription = backend.chat.subscribe(accessToken: authorizer.tokens.accessToken) {
                    [weak self] event in
                    self?.received(event)
                }
            }
            for summary in list {
                setSummary(merged(summary, over: records[summary.id]?.summary), for: summary.id)
                if let last = summary.lastMessage {
                    absorb(last, into: record(of: summary.id), countUnread: false)
                }
            }
            store.batch {
                publish()
                store.update { $0.isLoaded = true }
            }
            // A loop, not `compactMap`: a closure made here is main-actor isolated, and handing it to
            // a nonisolated library function made it check the executor on every call.
            var open: [String] = []
            for (conversation, record) in records where record.openCount > 0 { open.append(conversation) }
            for conversation in open { markReadIfNeeded(conversation) }
        case .failure:
            break
        }
    }

    func historyArrived(
        _ result: Result<MessagePage, ServiceError>, conversation: String, older: Bool
    ) {
        let record = self.record(of: conversation)
        record.isLoadingHistory = false
        switch result {
        case .success(let page):
            if !older || record.historyLoaded { record.olderCursor = page.olderCursor }
            record.historyLoaded = true
            absorb(page.messages.reversed(), in: conversation, countUnread: false)
            notify(conversation, .history(nil))
            publish()
        case .failure(let error):
            if reportIfSessionEnded(error) { return }
            notify(conversation, .history(Self.failure(for: error)))
        }
    }
}
