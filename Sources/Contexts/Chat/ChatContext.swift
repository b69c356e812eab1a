import Foundation
import Interactors
import Models
import Services

/// The chat use case's session-wide context: every conversation's messages, the matches list, the
/// persistent outbox and the live feed.
///
/// Inputs: ``start()``, ``reloadList()``, ``matchMade(_:)``, ``send(_:to:)``, ``retryFailed(in:)``,
/// ``deleteFailed(in:)``, ``loadHistory(of:older:)``, ``opened(_:)``, ``closed(_:)``,
/// ``setTyping(_:in:)``, ``unmatch(_:block:)``, ``end()``. Output: ``ChatState`` through ``store``:
/// the matches list (new matches, conversations by last activity with unread counts and previews, and
/// the list changes from the previous snapshot, ordered by ``Interactors/MatchesListOrder``) and every
/// conversation's ``ConversationRecord``, which an open conversation's ``ConversationContext`` shows.
/// Messages are merged by id in a ``Interactors/ConversationLog`` per conversation, so duplicate or
/// out-of-order deliveries change nothing and one arrival never walks other conversations. Every
/// outgoing message waits in a persistent outbox (a ``DurableQueue``) with its transaction id until
/// the server confirmed it, so it is sent exactly once across network drops, relaunches and re-logins.
@MainActor
public final class ChatContext: StateContext {
    /// The observable state.
    ///
    /// Emits when a conversation, match, message, unread count, typing or the outbox changes: once
    /// per input, with the list's rows placed.
    public let store: StateStore<ChatState>

    let viewer: UserID
    let authorizer: RequestAuthorizer
    let chat: any ChatService
    let scheduler: any Scheduler
    let ids: any IDGenerator
    /// What the device knows of its network: a list load that failed offline waits for it.
    let network: any NetworkMonitor
    /// Saves, sends and retries the messages of ``Models/ChatListState/outbox``.
    let outbox: DurableQueue<ChatState, OutgoingMessage, Message>
    /// Saves, sends and retries the reads, unmatches and blocks of ``ChatState/actions``.
    let actions: DurableQueue<ChatState, ChatAction, Void>
    /// What the deck's swipe queue holds: a message to a new match waits for its swipe.
    let pendingSwipes: PendingSwipes?
    /// The live feed (`"feed"`), the list's retry (`"listRetry"`), the watch on the deck's pending
    /// swipes (`"pendingSwipes"`), the other person's typing in each conversation, the outbox's retries
    /// and the answers of requests, cancelled by ``end()``.
    let tasks = CancelBag()

    /// Creates the chat of `viewer`; `outboxStore` keeps unsent messages and `actionStore` the reads,
    /// unmatches and blocks the server has not confirmed (each memory only when `nil`);
    /// retries wait for `network` while it is down (always reachable when `nil`); a message to a match
    /// whose swipe `pendingSwipes` holds waits for it (nothing waits when `nil`). A chat made from a
    /// `state` another chat published goes on as that chat would: its retries are armed again and,
    /// once it had loaded the list, its live feed starts.
    public init(
        viewer: UserID, authorizer: RequestAuthorizer, chat: any ChatService, scheduler: any Scheduler,
        ids: any IDGenerator, outboxStore: (any QueueStore<OutgoingMessage>)?,
        actionStore: (any QueueStore<ChatAction>)? = nil, network: (any NetworkMonitor)? = nil,
        pendingSwipes: PendingSwipes? = nil,
        state: ChatState = ChatState()
    ) {
        self.viewer = viewer
        self.authorizer = authorizer
        self.chat = chat
        self.scheduler = scheduler
        self.ids = ids
        self.pendingSwipes = pendingSwipes
        store = StateStore(state, finishing: ChatState.placeRows)
        let network = network ?? UnmonitoredNetwork(scheduler: scheduler)
        self.network = network
        outbox = DurableQueue(
            in: store, at: \.outbox, file: outboxStore, scheduler: scheduler, network: network, tasks: tasks)
        actions = DurableQueue(
            in: store, at: \.actions, file: actionStore, scheduler: scheduler, network: network, tasks: tasks)
        connectOutbox()
        connectActions()
        resume()
    }

    // MARK: Reading

    /// The signed-in user.
    public var me: UserID { viewer }

    /// A conversation's record, if the chat knows it.
    public func record(of conversation: String) -> ConversationRecord? {
        store.snapshot.records[conversation]
    }

    /// A conversation's loaded messages, oldest first (shared with the chat's record, not copied);
    /// none once its match ended.
    public func messages(of conversation: String) -> MessageList {
        guard let record = record(of: conversation), !record.hasEnded else { return [] }
        return record.log.messages
    }

    /// The match a conversation belongs to, if it is one of the user's.
    public func match(of conversation: String) -> Match? {
        record(of: conversation)?.summary?.match
    }

    /// Whether older messages of a conversation exist on the server.
    public func hasOlderMessages(_ conversation: String) -> Bool {
        record(of: conversation)?.hasOlderMessages ?? true
    }

    /// Whether a history page of the conversation is loading.
    public func isLoadingHistory(_ conversation: String) -> Bool {
        record(of: conversation)?.isLoadingHistory ?? false
    }

    /// Whether the conversation is one of the user's.
    func has(_ conversation: String) -> Bool {
        record(of: conversation)?.summary != nil
    }

    /// Whether the conversation is one of the user's and its match goes on (not a row kept, ended,
    /// for the messages refused when it ended).
    func isLive(_ conversation: String) -> Bool {
        guard let record = record(of: conversation) else { return false }
        return record.summary != nil && !record.hasEnded
    }

    // MARK: Inputs

    /// Call once when the signed-in app starts: loads the outbox and shows its messages at once (each
    /// in its conversation's row, from the match it keeps), loads the reads, unmatches and blocks still
    /// waiting, loads the list (which starts the live feed), and sends what waits.
    public func start() {
        guard !store.snapshot.isStarted else { return }
        store.batch {
            store.update { $0.isStarted = true }
            _ = outbox.load { message in
                message.refusal.map { .failed(reason: $0, retryable: false) } ?? .waiting
            }
            for action in actions.load() where action.endsConversation {
                // Ended by the user before the server knew: it stays ended.
                store.update { $0.edit(action.conversation) { $0.hasEnded = true } }
            }
            let viewer = viewer
            store.update { state in
                for message in state.outbox.items {
                    if let match = message.match, match.id == message.conversation,
                        state.records[match.id]?.summary == nil
                    {
                        state.setSummary(
                            ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id
                        )
                    }
                    let status: Message.Status = message.refusal == nil ? .sending : .refused
                    Self.addPending(message, status: status, reason: message.refusal, by: viewer, to: &state)
                }
            }
            loadList(attempt: 0)
            flush()
        }
    }

    /// Call when a swipe made a match (the deck's broadcast).
    public func matchMade(_ match: Match) {
        guard !isLive(match.id) else { return }
        store.batch {
            // A match made again starts afresh: what was refused when the last one ended goes with it.
            for entry in outbox.queue.entries where entry.item.conversation == match.id {
                outbox.remove(entry.item.id)
            }
            store.update { state in
                state.startAfresh(match.id)
                state.setSummary(
                    ConversationSummary(match: match, lastMessage: nil, unreadCount: 0), for: match.id)
            }
        }
    }

    /// Call when the user sends a message: validated, shown at once as sending, and queued.
    ///
    /// Returns why it cannot be sent, if it cannot.
    public func send(_ text: String, to conversation: String) -> MessageProblem? {
        guard isLive(conversation) else { return .unmatched }
        let validated: String
        switch MessageValidator.validate(text) {
        case .failure(let error): return error.problem
        case .success(let trimmed): validated = trimmed
        }
        let match = match(of: conversation)
        let message = OutgoingMessage(
            id: ids.next(), conversation: conversation, text: validated, createdAt: scheduler.now,
            match: match, dependsOn: match.flatMap { pendingSwipes?.swipe(liking: $0.user) })
        let viewer = viewer
        store.batch {
            outbox.enqueue(message)
            store.update { Self.addPending(message, status: .sending, by: viewer, to: &$0) }
            flush()
        }
        return nil
    }

    /// Call when a conversation's screen needs history: the newest page, or (`older`) the next older one.
    public func loadHistory(of conversation: String, older: Bool) {
        guard let record = record(of: conversation), !record.isLoadingHistory, record.summary != nil,
            !record.hasEnded
        else {
            return
        }
        let older = older && record.historyLoaded
        if older, record.olderCursor == nil { return }
        if !older, record.historyLoaded { return }
        let cursor = older ? record.olderCursor : nil
        store.update { $0.edit(conversation) { $0.isLoadingHistory = true } }
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
        store.batch {
            store.update { $0.edit(conversation) { $0.openCount += 1 } }
            markReadIfNeeded(conversation)
        }
    }

    /// Call when a conversation's screen closes.
    public func closed(_ conversation: String) {
        guard let record = record(of: conversation), record.openCount > 0 else { return }
        store.update { $0.edit(conversation) { $0.openCount -= 1 } }
    }

    /// Call when the user starts or stops typing in a conversation.
    public func setTyping(_ isTyping: Bool, in conversation: String) {
        guard isLive(conversation) else { return }
        authorizer.perform { [chat] token, completion in
            chat.setTyping(
                conversation: conversation, isTyping: isTyping, accessToken: token, completion: completion)
        }
    }

    /// Call when the user unmatches (or blocks) the person of a conversation.
    public func unmatch(_ conversation: String, block: Bool) {
        guard isLive(conversation) else { return }
        // A match the client saw a queued like make: the server has no match to end before the like.
        let like = match(of: conversation).flatMap { pendingSwipes?.swipe(liking: $0.user) }
        store.batch {
            removeConversation(conversation)
            // Its reads waiting to be sent no longer matter.
            let reads = actions.queue.entries.filter {
                $0.item.conversation == conversation && $0.state == .waiting
            }
            for read in reads { actions.remove(read.item.id) }
            queue(
                block
                    ? ChatAction.block(conversation, after: like)
                    : ChatAction.unmatch(conversation, after: like))
            actions.flush()
        }
    }

    /// Call when the session's flow ends: stops the live feed, the list's and the outbox's retries,
    /// and drops the answers still on their way. The outbox stays saved.
    public func end() {
        tasks.cancelAll()
    }

    /// Arms what the state says runs on its own (nothing, for a new chat): the outbox's retries, the
    /// other person's typing lapsing in each conversation and, once started, the live feed if the list
    /// had loaded (else the list's next attempt); sends what may go.
    private func resume() {
        outbox.resume()
        actions.resume()
        let typing = store.snapshot.records.filter { $0.value.otherTypingEndsAt != nil }.map(\.key)
        for conversation in typing.sorted() { armTypingExpiry(in: conversation) }
        let state = store.snapshot
        if state.isLoaded {
            startFeed()
        } else if state.listRetryAt != nil {
            armListRetry()
        } else if state.isLoadingList {
            loadList(attempt: state.listAttempt)
        }
        flush()
    }
}
