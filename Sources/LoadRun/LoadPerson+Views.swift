import Foundation
import Models
import Services

/// What the final checks read from one person: the app's view (its chat's state, with each
/// conversation's history loaded) and the server's (the person's Matrix client reading the rooms).
extension LoadPerson {
    /// Whether the person's queues are empty: the outbox, the chat's reads and unmatches, the swipes.
    var queuesAreEmpty: Bool { leftInQueues.values.allSatisfy { $0 == 0 } }

    /// The items in each of the app's queues.
    var leftInQueues: [String: Int] {
        [
            "outbox": chat?.outbox.items.count ?? 0, "chat actions": chat?.actions.items.count ?? 0,
            "swipes": mainFlow?.deck.context.store.snapshot.swipes.items.count ?? 0,
        ]
    }

    /// The live conversations' ids with the other person's index.
    var liveConversations: [(id: String, other: Int)] {
        guard let chat else { return [] }
        return chat.records.compactMap { id, record in
            guard let match = record.summary?.match, !record.hasEnded, let other = person(of: match.user)
            else {
                return nil
            }
            return (id, other)
        }.sorted { $0.other < $1.other }
    }

    /// Asks for the newest history page of every live conversation whose page has not arrived.
    func loadHistories() {
        guard let context = mainFlow?.chat else { return }
        for (id, _) in liveConversations { context.loadHistory(of: id, older: false) }
    }

    /// Whether every live conversation's newest history page arrived.
    var historiesLoaded: Bool {
        guard let chat else { return false }
        return liveConversations.allSatisfy { chat.records[$0.id]?.historyLoaded == true }
    }

    /// The conversations as the app shows them now.
    func appView() -> [LoadConversationView] {
        guard let chat, let me = userID else { return [] }
        return chat.records.compactMap { id, record in
            guard let summary = record.summary, let other = person(of: summary.match.user) else { return nil }
            let messages = Array(record.log.messages)
            return LoadConversationView(
                other: other, isLive: !record.hasEnded, texts: messages.map(\.text),
                unreadCount: summary.unreadCount,
                ownUnread: messages.count { $0.sender == me && $0.status != .read })
        }.sorted { $0.other < $1.other }
    }

    /// Reads the conversations as the server shows them to this person, then calls `completion` with
    /// them (`nil` if a request failed).
    func readServerView(completion: @escaping @MainActor ([LoadConversationView]?) -> Void) {
        guard let token = accessToken, let chat = app?.environment.services.chat else {
            return completion(nil)
        }
        chat.fetchConversations(accessToken: token) { [weak self] result in
            guard let self, case .success(let summaries) = result else { return completion(nil) }
            var views: [LoadConversationView] = []
            var waiting = summaries.count
            if waiting == 0 { return completion([]) }
            for summary in summaries {
                guard let other = self.person(of: summary.match.user) else {
                    waiting -= 1
                    if waiting == 0 { completion(views.sorted { $0.other < $1.other }) }
                    continue
                }
                self.readTimeline(summary.id, chat: chat, token: token, newer: []) { texts in
                    views.append(
                        LoadConversationView(
                            other: other, isLive: true, texts: texts ?? ["(could not read the timeline)"],
                            unreadCount: summary.unreadCount))
                    waiting -= 1
                    if waiting == 0 { completion(views.sorted { $0.other < $1.other }) }
                }
            }
        }
    }

    /// Reads a conversation's messages from the server, page after page (at most 10), oldest first.
    private func readTimeline(
        _ conversation: String, chat: any ChatService, token: String, newer: [String], cursor: String? = nil,
        pages: Int = 0, completion: @escaping @MainActor ([String]?) -> Void
    ) {
        chat.fetchMessages(conversation: conversation, before: cursor, limit: 100, accessToken: token) {
            [weak self] result in
            guard let self, case .success(let page) = result else { return completion(nil) }
            let texts = page.messages.reversed().map(\.text) + newer
            guard let older = page.olderCursor, !page.messages.isEmpty, pages < 9 else {
                return completion(texts)
            }
            self.readTimeline(
                conversation, chat: chat, token: token, newer: texts, cursor: older, pages: pages + 1,
                completion: completion)
        }
    }

    /// Opens every live conversation and goes back: each is marked read.
    func readEverything() {
        closeInterruptions()
        if case .conversation? = topScreen { send(.conversation(.backTapped)) }
        for (id, _) in liveConversations {
            app?.open("discover://chat/\(id)")
            if case .conversation? = topScreen { send(.conversation(.backTapped)) }
        }
        openConversation = nil
    }

    /// Whether every own message in a live conversation shows as read.
    var everythingOwnIsRead: Bool { appView().allSatisfy { !$0.isLive || $0.ownUnread == 0 } }
}
