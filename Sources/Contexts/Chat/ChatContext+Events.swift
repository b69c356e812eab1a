import Foundation
import Interactors
import Models
import Services

/// What reaches ``ChatContext`` from the server: the list, history pages and the live feed.
extension ChatContext {
    /// Call when the user asks to try again (or something shows the network is back): loads the list
    /// now, unless it has loaded or a request for it is under way.
    public func reloadList() {
        guard started, !store.snapshot.isLoaded, !isLoadingList else { return }
        loadList(attempt: listAttempt)
    }

    /// Loads the conversations list; offline or on a server fault, says why
    /// (``Models/ChatListState/loadFailure``) and tries again with ``RetryPolicy`` (offline: when the
    /// network returns).
    func loadList(attempt: Int) {
        tasks.cancel("listRetry")
        isLoadingList = true
        listAttempt = attempt
        authorizer.perform(
            { [chat] token, completion in chat.fetchConversations(accessToken: token, completion: completion)
            },
            completion: tasks.answer { [weak self] result in self?.listArrived(result, attempt: attempt) })
    }

    /// The answer to attempt `attempt` to load the list.
    func listArrived(_ result: Result<[ConversationSummary], ServiceError>, attempt: Int) {
        isLoadingList = false
        guard case .failure(let error) = result else { return loaded(result) }
        if reportIfSessionEnded(error) { return }
        let failure = Self.failure(for: error, otherwise: "Could not load your matches")
        store.update { $0.loadFailure = failure }
        let retry = retries.schedule(attempt: attempt + 1) { [weak self] in
            self?.loadList(attempt: attempt + 1)
        }
        tasks.keep(retry, as: "listRetry")
    }

    /// A request of the chat went through: if the list has not loaded (the network was down), it is
    /// loaded now rather than at its next retry.
    func serverAnswered() {
        if tasks.contains("listRetry") { reloadList() }
    }

    /// The conversations list arrived: the live feed starts, every summary is merged with what the
    /// client has, and the list is published.
    func loaded(_ result: Result<[ConversationSummary], ServiceError>) {
        guard case .success(let list) = result else { return }
        // The list came through the authorizer, so its token is fresh: the live feed uses it, and asks
        // the authorizer for a fresh one when the server refuses it.
        if !tasks.contains("feed") {
            let renewal: AccessTokenRenewal = { [weak authorizer] expired, completion in
                guard let authorizer else { return completion(.failure(.tokenRevoked)) }
                authorizer.renewAccessToken(replacing: expired, completion: completion)
            }
            let feed = chat.subscribe(accessToken: authorizer.tokens.accessToken, renewal: renewal) {
                [weak self] event in self?.received(event)
            }
            tasks.keep(feed, as: "feed")
        }
        for summary in list {
            let merged = ConversationSummaryRules.merged(summary, over: records[summary.id]?.summary)
            setSummary(merged, for: summary.id)
            if let last = summary.lastMessage { absorb([last], in: summary.id, countUnread: false) }
        }
        store.batch {
            publish()
            store.update { state in
                state.isLoaded = true
                state.loadFailure = nil
            }
        }
        let open = records.filter { $0.value.openCount > 0 }.keys.sorted()
        for conversation in open {
            markReadIfNeeded(conversation)
            // Its history failed (offline) or could not be asked for yet: the server answers now.
            if records[conversation]?.historyLoaded == false { loadHistory(of: conversation, older: false) }
        }
    }

    /// A history page arrived (or failed).
    func historyArrived(_ result: Result<MessagePage, ServiceError>, conversation: String, older: Bool) {
        ensureRecord(conversation).isLoadingHistory = false
        switch result {
        case .success(let page):
            serverAnswered()
            if !older || records[conversation]?.historyLoaded == true {
                records[conversation]?.olderCursor = page.olderCursor
            }
            records[conversation]?.historyLoaded = true
            absorb(page.messages.reversed(), in: conversation, countUnread: false)
            notify(conversation, .history(nil))
            publish()
        case .failure(let error):
            if reportIfSessionEnded(error) { return }
            notify(conversation, .history(Self.failure(for: error, otherwise: "Could not load messages")))
        }
    }

    /// Something happened in the user's conversations (the live feed).
    func received(_ event: ChatEvent) {
        switch event {
        case .messageReceived(let message):
            let conversation = message.conversation
            guard has(conversation) else { return }
            absorb([message], in: conversation)
            if message.sender != viewer, let record = records[conversation], record.openCount > 0,
                record.log.contains(message.id)
            {
                markReadIfNeeded(conversation)
            }
            publish()
        case .messageRemoved(let conversation, let id):
            removeMessage(id, from: conversation)
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
