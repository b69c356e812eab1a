import Foundation
import Interactors
import Models
import Services

/// The chat of ``HandWrittenJourney``: the matches list, the open conversation's rows, typing, the
/// outbox and the live feed.
extension HandWrittenJourney {
    func listArrived(_ list: [ConversationSummary]) {
        if subscription == nil {
            subscription = services.chat.subscribe(accessToken: token) { [weak self] event in
                self?.received(event)
            }
        }
        for summary in list {
            setSummary(summary)
            if let last = summary.lastMessage { _ = logs[summary.id, default: ConversationLog()].merge(last) }
        }
    }

    func matchMade(_ match: Match) {
        guard Self.index(of: match.id, in: summaries) == nil else { return }
        setSummary(ConversationSummary(match: match, lastMessage: nil, unreadCount: 0))
    }

    /// Puts a summary where the list orders it: the most recent activity first.
    private func setSummary(_ summary: ConversationSummary) {
        Self.place(summary, in: &summaries)
        if place == .home, showsMatches { showList() }
    }

    // Loops, not `firstIndex(where:)`: a closure formed on the main actor checks the actor at run time
    // each time it runs, which no hand-written app would pay for.
    nonisolated private static func place(
        _ summary: ConversationSummary, in list: inout [ConversationSummary]
    ) {
        for index in list.indices where list[index].id == summary.id {
            list.remove(at: index)
            break
        }
        let activity = summary.lastActivity
        var position = list.count
        for index in list.indices where list[index].lastActivity < activity {
            position = index
            break
        }
        list.insert(summary, at: position)
    }

    nonisolated private static func index(of conversation: String, in list: [ConversationSummary]) -> Int? {
        for index in list.indices where list[index].id == conversation { return index }
        return nil
    }

    private func showList() {
        listLines.removeAll(keepingCapacity: true)
        for summary in summaries {
            var detail = summary.lastMessage.map { $0.text } ?? "New match — say hi"
            if summary.unreadCount > 0 { detail += " · \(summary.unreadCount) unread" }
            listLines.append(summary.match.displayName + " — " + detail)
        }
    }

    func openLink(_ link: String) {
        guard case .success(.chat(let conversation)) = DeepLinkParser.parse(link) else { return }
        analytics.record(.deepLinkOpened(.chat(conversation)))
        showsMatches = true
        showList()
        analytics.record(.screenShown(.home))
        open = conversation
        show(.chat)
        routeChanged(.chat(conversation))
        openName = Self.index(of: conversation, in: summaries).map { summaries[$0].match.displayName } ?? ""
        // The open conversation's messages are kept by its screen, out of the table of the others.
        openLog = logs.removeValue(forKey: conversation) ?? ConversationLog()
        showRows(of: openLog.messages, added: openLog.messages.count, updated: [])
        services.chat.fetchMessages(conversation: conversation, before: nil, limit: 50, accessToken: token) {
            [weak self] result in
            guard let self, case .success(let page) = result else { return }
            self.absorb(page.messages, in: conversation)
        }
    }

    func draftChanged(_ text: String) {
        draft = text
        guard let open, !text.isEmpty else { return }
        let (next, sendTyping) = TypingPolicy.keystroke(typing, at: services.scheduler.now)
        typing = next
        if sendTyping {
            services.chat.setTyping(conversation: open, isTyping: true, accessToken: token) { _ in }
        }
        // One check waits at a time, as the engine's: an early one waits again for the rest.
        if typingCheck == nil { scheduleTypingCheck(after: TypingPolicy.stopAfter) }
    }

    private func scheduleTypingCheck(after delay: Duration) {
        typingCheck = services.scheduler.schedule(after: delay) { [weak self] in self?.checkTyping() }
    }

    private func checkTyping() {
        typingCheck = nil
        let now = services.scheduler.now
        if let wait = TypingPolicy.wait(typing, at: now) { return scheduleTypingCheck(after: wait) }
        let (next, sendStopped) = TypingPolicy.check(typing, at: now)
        typing = next
        if sendStopped, let open {
            services.chat.setTyping(conversation: open, isTyping: false, accessToken: token) { _ in }
        }
    }

    private func stopTyping() {
        if typing.isTyping, let open {
            services.chat.setTyping(conversation: open, isTyping: false, accessToken: token) { _ in }
        }
        typing = TypingPolicy.State()
    }

    func sendDraft() {
        guard let open, let user, case .success(let text) = MessageValidator.validate(draft) else { return }
        let message = OutgoingMessage(
            id: services.ids.next(), conversation: open, text: text, createdAt: services.scheduler.now)
        outbox.append(message)
        try? outboxStore?.save(outbox)
        absorb(
            Message(
                id: message.id, conversation: open, sender: user.id, text: text, sentAt: message.createdAt,
                transactionID: message.id, status: .sending), in: open)
        sendNextMessage()
        draft = ""
        stopTyping()
    }

    private func sendNextMessage() {
        guard !sendingMessage, let message = outbox.first else { return }
        sendingMessage = true
        services.chat.sendMessage(message, accessToken: token) { [weak self] result in
            guard let self else { return }
            self.sendingMessage = false
            guard case .success(let confirmed) = result else { return }
            for index in self.outbox.indices where self.outbox[index].id == message.id {
                self.outbox.remove(at: index)
                break
            }
            try? self.outboxStore?.save(self.outbox)
            self.absorb(confirmed, in: message.conversation)
            self.sendNextMessage()
        }
    }

    private func received(_ event: ChatEvent) {
        switch event {
        case .messageReceived(let message): absorb(message, in: message.conversation)
        case .matched(let match): matchMade(match)
        default: break
        }
    }

    /// Merges messages into a conversation's log; its summary and, if it is open, its rows follow.
    private func absorb(_ messages: [Message], in conversation: String) {
        let added: Int
        let updated: [String]
        let last: Message?
        if conversation == open {
            (added, updated) = Self.merge(messages, into: &openLog)
            last = openLog.messages.last
            showRows(of: openLog.messages, added: added, updated: updated)
        } else {
            var log = logs.removeValue(forKey: conversation) ?? ConversationLog()
            (added, updated) = Self.merge(messages, into: &log)
            last = log.messages.last
            logs[conversation] = log
        }
        guard added > 0 || !updated.isEmpty else { return }
        summarize(conversation, last: last)
    }

    /// ``absorb(_:in:)`` of one message (sent, confirmed or received): no array to hold it.
    private func absorb(_ message: Message, in conversation: String) {
        guard conversation == open else { return absorb([message], in: conversation) }
        let (isAdded, updated) = openLog.mergeOne(message)
        showRows(of: openLog.messages, added: isAdded ? 1 : 0, updated: updated)
        guard isAdded || !updated.isEmpty else { return }
        summarize(conversation, last: openLog.messages.last)
    }

    nonisolated private static func merge(_ messages: [Message], into log: inout ConversationLog) -> (
        Int, [String]
    ) {
        let (added, updated) = log.merge(messages)
        return (added.count, updated)
    }

    /// The conversation's summary shows `last` and moves where the list orders it.
    private func summarize(_ conversation: String, last: Message?) {
        guard let index = Self.index(of: conversation, in: summaries) else { return }
        var summary = summaries[index]
        summary.lastMessage = last
        setSummary(summary)
    }

    /// The open conversation's rows: the rows of the `added` messages appended (new messages come
    /// last here), the status of the `updated` ones set again, found from the end.
    private func showRows(of messages: [Message], added: Int, updated: [String]) {
        guard let user else { return }
        for id in updated {
            var index = messages.count - 1
            while index >= 0, messages[index].id != id { index -= 1 }
            guard index >= 0, index < rowDetails.count else { continue }
            rowDetails[index] = messages[index].sender == user.id ? Self.status(messages[index].status) : ""
        }
        guard added > 0 else { return }
        let name = openName
        for message in messages[(messages.count - added)...] {
            let mine = message.sender == user.id
            rowTitles.append((mine ? "You: " : name + ": ") + message.text)
            rowDetails.append(mine ? Self.status(message.status) : "")
        }
    }

    func closeConversation() {
        stopTyping()
        if let open { logs[open] = openLog }
        openLog = ConversationLog()
        open = nil
        rowTitles = []
        rowDetails = []
        place = .home
        routeChanged(.matches)
        showList()
    }

    private static func status(_ status: Message.Status) -> String {
        switch status {
        case .sending: "sending"
        case .failed: "not sent"
        case .sent: "sent"
        case .delivered: "delivered"
        case .read: "read"
        }
    }
}
