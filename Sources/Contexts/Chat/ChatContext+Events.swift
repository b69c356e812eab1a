import Foundation
import Interactors
import Models
import Services

/// What reaches ``ChatContext`` from the server: the list, history pages and the live feed.
extension ChatContext {
    /// Call when the user asks to try again (or something shows the network is back): loads the list
    /// now, unless it has loaded or a request for it is under way.
    public func reloadList() {
        let state = store.snapshot
        guard state.isStarted, !state.isLoaded, !state.isLoadingList else { return }
        loadList(attempt: state.listAttempt)
    }

    /// Loads the conversations list; offline or on a server fault, says why
    /// (``Models/ChatListState/loadFailure``) and tries again with ``RetryPolicy`` (offline: when the
    /// network returns).
    func loadList(attempt: Int) {
        tasks.cancel("listRetry")
        let asked = conversationsTheServerKnows()
        store.update { state in
            state.isLoadingList = true
            state.listAttempt = attempt
            state.listRetryAt = nil
        }
        authorizer.perform(
            { [chat] token, completion in chat.fetchConversations(accessToken: token, completion: completion)
            },
            completion: tasks.answer { [weak self] result in
                self?.listArrived(result, attempt: attempt, asked: asked)
            })
    }

    /// The conversations the chat has whose match the server is certain to know: every one with a
    /// row, but those whose match waits for the user's queued like (or for the deck to read its
    /// queue), which the server may not have yet.
    func conversationsTheServerKnows() -> Set<String> {
        let state = store.snapshot
        let waiting = Set(
            state.outbox.items.filter { message in
                message.dependsOn.map { pendingSwipes?.dependency(of: $0) != .settled } ?? false
            }.map(\.conversation))
        var known: Set<String> = []
        for (id, record) in state.records {
            guard let match = record.summary?.match, !waiting.contains(id),
                pendingSwipes?.swipe(liking: match.user) == nil
            else { continue }
            known.insert(id)
        }
        return known
    }

    /// The answer to attempt `attempt` to load the list, asked when the chat had the conversations
    /// `asked` that the server knew.
    func listArrived(_ result: Result<[ConversationSummary], ServiceError>, attempt: Int, asked: Set<String>)
    {
        switch result {
        case .success(let list):
            loaded(list, asked: asked)
        case .failure(let error):
            store.update { $0.isLoadingList = false }
            if reportIfSessionEnded(error) { return }
            let failure = Self.failure(for: error, otherwise: "Could not load your matches")
            let retryAt = scheduler.now + RetryPolicy.delay(after: error, attempt: attempt + 1).timeInterval
            store.update { state in
                state.list.loadFailure = failure
                state.listRetryAt = retryAt
            }
            armListRetry()
        }
    }

    /// Arms the list's next attempt: at ``ChatState/listRetryAt``, or as soon as the network returns
    /// when the last attempt failed offline and the device is offline (if it is offline when the time
    /// comes, then too).
    func armListRetry() {
        let state = store.snapshot
        guard let due = state.listRetryAt else { return }
        let attempt = state.listAttempt + 1
        let retry: ScheduledWork = { [weak self] in self?.loadList(attempt: attempt) }
        if state.loadFailure == .offline, !network.isReachable {
            return tasks.keep(network.whenReachable(retry), as: "listRetry")
        }
        let timer = scheduler.schedule(after: .seconds(max(0, due.timeIntervalSince(scheduler.now)))) {
            [weak self] in
            guard let self else { return }
            if self.network.isReachable { return retry() }
            self.tasks.keep(self.network.whenReachable(retry), as: "listRetry")
        }
        tasks.keep(timer, as: "listRetry")
    }

    /// A request of the chat went through: if the list has not loaded (the network was down), it is
    /// loaded now rather than at its next retry.
    func serverAnswered() {
        if tasks.contains("listRetry") { reloadList() }
    }

    /// The conversations list arrived: the live feed starts, every summary is merged with what the
    /// client has, the conversations of `asked` it no longer has end (an unmatch the client did not
    /// hear), and the open conversations catch up.
    func loaded(_ list: [ConversationSummary], asked: Set<String>) {
        startFeed()
        let viewer = viewer
        let waiting = store.snapshot.actions.items
        let endedByTheUser = Set(waiting.filter(\.endsConversation).map(\.conversation))
        var readsWaiting: [String: Date] = [:]
        for read in waiting where read.kind == .read {
            if let upTo = read.readUpTo {
                readsWaiting[read.conversation] = max(readsWaiting[read.conversation] ?? upTo, upTo)
            }
        }
        store.batch {
            retryGivenUpActions()
            store.update { state in
                state.isLoadingList = false
                for summary in list where !endedByTheUser.contains(summary.id) {
                    var merged = ConversationSummaryRules.merged(
                        summary, over: state.records[summary.id]?.summary)
                    // Read here while the server did not know yet: the badge stays cleared.
                    if let read = readsWaiting[summary.id], let last = merged.lastMessage, last.sentAt <= read
                    {
                        merged.unreadCount = 0
                    }
                    state.setSummary(merged, for: summary.id)
                    if let last = summary.lastMessage {
                        Self.absorb([last], in: summary.id, countUnread: false, by: viewer, to: &state)
                    }
                }
                state.list.isLoaded = true
                state.list.loadFailure = nil
            }
            for conversation in ConversationSummaryRules.endedWhileAway(asked: asked, list: list)
            where has(conversation) {
                removeConversation(conversation)
            }
            endRestoredConversations(notIn: list)
            let open = store.snapshot.records.filter { $0.value.openCount > 0 }.map(\.key)
            for conversation in open.sorted() {
                markReadIfNeeded(conversation)
                // Its history failed (offline) or could not be asked for yet: the server answers now.
                if record(of: conversation)?.historyLoaded == false {
                    loadHistory(of: conversation, older: false)
                }
            }
        }
    }

    /// Starts the live feed, unless it runs. The list came through the authorizer, so its token is
    /// fresh: the feed uses it, and asks the authorizer for a fresh one when the server refuses it.
    func startFeed() {
        guard !tasks.contains("feed") else { return }
        let renewal: AccessTokenRenewal = { [weak authorizer] expired, completion in
            guard let authorizer else { return completion(.failure(.tokenRevoked)) }
            authorizer.renewAccessToken(replacing: expired, completion: completion)
        }
        let feed = chat.subscribe(accessToken: authorizer.tokens.accessToken, renewal: renewal) {
            [weak self] event in self?.received(event)
        }
        tasks.keep(feed, as: "feed")
    }

    /// A history page arrived (or failed).
    func historyArrived(_ result: Result<MessagePage, ServiceError>, conversation: String, older: Bool) {
        switch result {
        case .success(let page):
            let viewer = viewer
            let followsAtOnce = HistoryPaging.followsAtOnce(
                page, into: record(of: conversation)?.log ?? ConversationLog(), wasOlder: older)
            store.batch {
                store.update { state in
                    state.edit(conversation) { record in
                        record.isLoadingHistory = false
                        record.historyFailure = nil
                        if !older || record.historyLoaded { record.olderCursor = page.olderCursor }
                        record.historyLoaded = true
                    }
                    Self.absorb(
                        page.messages.reversed(), in: conversation, countUnread: false, by: viewer, to: &state
                    )
                }
                serverAnswered()
                // Nothing new, and older messages may all be held already: the next page says.
                if followsAtOnce { loadHistory(of: conversation, older: true) }
            }
        case .failure(let error):
            store.update { $0.edit(conversation) { $0.isLoadingHistory = false } }
            if reportIfSessionEnded(error) { return }
            let failure = Self.failure(for: error, otherwise: "Could not load messages")
            store.update { $0.edit(conversation) { $0.historyFailure = failure } }
        }
    }

    /// Something happened in the user's conversations (the live feed).
    func received(_ event: ChatEvent) {
        switch event {
        case .messageReceived(let message):
            let conversation = message.conversation
            guard isLive(conversation) else { return }
            let viewer = viewer
            store.batch {
                store.update { Self.absorb([message], in: conversation, by: viewer, to: &$0) }
                if message.sender != viewer, let record = record(of: conversation), record.openCount > 0,
                    record.log.contains(message.id)
                {
                    markReadIfNeeded(conversation)
                }
            }
        case .messageRemoved(let conversation, let id):
            removeMessage(id, from: conversation)
        case .delivered(let conversation, let upTo):
            raise(conversation, upTo: upTo, to: .delivered)
        case .read(let conversation, let upTo):
            raise(conversation, upTo: upTo, to: .read)
        case .typing(let conversation, let isTyping):
            otherTyping(isTyping, in: conversation)
        case .matched(let match):
            matchMade(match)
        case .unmatched(let conversation):
            guard isLive(conversation) else { return }
            removeConversation(conversation)
        }
    }

    /// The other person started or stopped typing; "typing" lasts at most
    /// ``Interactors/TypingPolicy/othersExpireAfter`` without word.
    func otherTyping(_ isTyping: Bool, in conversation: String) {
        guard isLive(conversation) else { return }
        let endsAt = isTyping ? scheduler.now + TypingPolicy.othersExpireAfter.timeInterval : nil
        store.update { state in
            state.edit(conversation) { record in
                record.otherIsTyping = isTyping
                record.otherTypingEndsAt = endsAt
            }
        }
        armTypingExpiry(in: conversation)
    }

    /// Arms the lapse of the other person's "typing" in `conversation`, as its record says.
    func armTypingExpiry(in conversation: String) {
        let name = "typing " + conversation
        tasks.cancel(name)
        guard let endsAt = record(of: conversation)?.otherTypingEndsAt else { return }
        let expiry = scheduler.schedule(after: .seconds(max(0, endsAt.timeIntervalSince(scheduler.now)))) {
            [weak self] in
            self?.store.update { state in
                state.edit(conversation) { record in
                    record.otherIsTyping = false
                    record.otherTypingEndsAt = nil
                }
            }
        }
        tasks.keep(expiry, as: name)
    }

    /// Reports a session that ended (``SessionError/ended(_:)``); returns whether `error` said so.
    @discardableResult
    func reportIfSessionEnded(_ error: ServiceError) -> Bool {
        guard case .sessionEnded(let reason) = RequestFailureMapper.map(error) else { return false }
        store.report(SessionError.ended(reason))
        return true
    }

    /// What a failed request for the list or a history page shows: the mapped failure, or `otherwise`
    /// as a server failure.
    static func failure(for error: ServiceError, otherwise: String) -> RequestFailure {
        if case .failure(let failure) = RequestFailureMapper.map(error) { return failure }
        return .server(otherwise)
    }
}
