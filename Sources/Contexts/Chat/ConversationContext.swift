import Foundation
import Interactors
import Models
import Services

/// One open conversation: its messages (newest page first, older on demand), sending, typing,
/// receipts and unmatching, over the session's ``ChatContext``.
///
/// Inputs: ``open()``, ``loadOlder()``, ``draftChanged(_:)``, ``send()``, ``retryFailed()``,
/// ``unmatch(block:)``, ``close()``. Output: ``Models/ConversationState`` through ``store``, with the list
/// changes from the previous snapshot. Typing: "typing" goes out on the first keystroke and "stopped"
/// after ``Interactors/TypingPolicy/stopAfter`` without one (debounced on the scheduler); the other person's
/// typing shows until they stop or ``Interactors/TypingPolicy/othersExpireAfter`` passes. Edits and sends are
/// ignored unless the conversation is open (between ``open()`` and ``close()``): a screen a front end
/// keeps a moment after Back (a pop animation) neither edits nor sends.
@MainActor
public final class ConversationContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every message, receipt, typing change and edit.
    public let store: StateStore<ConversationState>

    private let conversation: String
    private let chat: ChatContext
    private let scheduler: any Scheduler
    private var typing = TypingPolicy.State()
    /// The chat's feed of this conversation and the typing timers, cancelled by ``close()`` and ``end()``.
    private let tasks = CancelBag()
    private var isOpen = false

    /// Creates the context of a conversation the user has, on the chat's clock; `nil` when it is not
    /// one of theirs.
    public init?(conversation: String, chat: ChatContext) {
        guard let match = chat.match(of: conversation) else { return nil }
        self.conversation = conversation
        self.chat = chat
        scheduler = chat.scheduler
        store = StateStore(ConversationState(match: match))
    }

    /// Call when the conversation is shown: loads the newest page and marks messages read while open.
    public func open() {
        guard !isOpen else { return }
        isOpen = true
        let feed = chat.observeConversation(conversation) { [weak self] change in self?.changed(change) }
        tasks.keep(feed, as: "feed")
        chat.opened(conversation)
        showMessages(updated: [])
        chat.loadHistory(of: conversation, older: false)
        let isLoadingHistory = chat.isLoadingHistory(conversation)
        store.update { $0.isLoadingHistory = isLoadingHistory }
    }

    /// Call when the user asks for older messages.
    public func loadOlder() {
        chat.loadHistory(of: conversation, older: true)
        let isLoadingHistory = chat.isLoadingHistory(conversation)
        store.update { $0.isLoadingHistory = isLoadingHistory }
    }

    /// Call when the user edits the message field.
    public func draftChanged(_ text: String) {
        guard isOpen else { return }
        store.update { state in
            state.draft = text
            state.problem = nil
        }
        guard !store.snapshot.isUnmatched, !text.isEmpty else { return }
        let (next, sendTyping) = TypingPolicy.keystroke(typing, at: scheduler.now)
        typing = next
        if sendTyping { chat.setTyping(true, in: conversation) }
        // One check waits at a time, due no later than ``Interactors/TypingPolicy/stopAfter`` after this keystroke:
        // a check that comes early (a keystroke since it was scheduled) waits again for the rest.
        if !tasks.contains("typingCheck") { scheduleTypingCheck(after: TypingPolicy.stopAfter) }
    }

    /// Call when the user taps send: the draft goes out (shown as sending at once) or the problem shows.
    ///
    /// One notification: the message shown as sending and the emptied draft arrive together.
    public func send() {
        guard isOpen else { return }
        guard !store.snapshot.isUnmatched else { return store.update { $0.problem = .unmatched } }
        store.batch {
            if let problem = chat.send(store.snapshot.draft, to: conversation) {
                store.update { $0.problem = problem }
                return
            }
            store.update { state in
                state.draft = ""
                state.problem = nil
            }
            stopTyping()
        }
    }

    /// Call when the user taps retry on failed messages.
    public func retryFailed() { chat.retryFailed(in: conversation) }

    /// Call when the user deletes the messages not sent (failed or refused for good).
    public func deleteFailed() { chat.deleteFailed(in: conversation) }

    /// Call when the user confirmed unmatching (or blocking).
    public func unmatch(block: Bool) {
        stopTyping()
        chat.unmatch(conversation, block: block)
    }

    /// Call when the conversation is no longer shown.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        stopTyping()
        chat.closed(conversation)
        tasks.cancel("feed")
    }

    /// Call when the conversation's flow ends: closes it if open, and cancels its timers and feed.
    public func end() {
        close()
        tasks.cancelAll()
    }

    // MARK: Internals

    private func changed(_ change: ChatContext.ConversationChange) {
        switch change {
        case .messages(_, let updated):
            showMessages(updated: updated)
        case .typing(let isTyping):
            tasks.cancel("othersTyping")
            store.update { $0.otherIsTyping = isTyping }
            if isTyping {
                let expiry = scheduler.schedule(after: TypingPolicy.othersExpireAfter) { [weak self] in
                    self?.store.update { $0.otherIsTyping = false }
                }
                tasks.keep(expiry, as: "othersTyping")
            }
        case .unmatched:
            stopTyping()
            store.update { state in
                state.isUnmatched = true
                state.otherIsTyping = false
            }
        case .history(let failure):
            let isLoadingHistory = chat.isLoadingHistory(conversation)
            let hasOlderMessages = chat.hasOlderMessages(conversation)
            store.update { state in
                state.failure = failure
                state.isLoadingHistory = isLoadingHistory
                state.hasOlderMessages = hasOlderMessages
            }
        }
    }

    /// Shows the conversation's messages from the chat, with the changes from those shown before
    /// (`updated` names the messages whose content changed); a new message from the other person
    /// ends their typing.
    private func showMessages(updated: [String]) {
        let messages = chat.messages(of: conversation)
        let hasOlderMessages = chat.hasOlderMessages(conversation)
        let me = chat.me
        store.update { state in
            let shown = state.messages
            let changes = ListDiff.changes(from: shown, to: messages, updated: updated)
            // The last message is new when the changes insert it (it was not shown before).
            if let last = messages.last, last.sender != me,
                changes.contains(where: { if case .insert(last.id, _) = $0 { true } else { false } })
            {
                state.otherIsTyping = false
            }
            ListRevision.record(changes, revision: &state.revision, changes: &state.changes)
            state.messages = messages
            state.hasOlderMessages = hasOlderMessages
        }
    }

    private func scheduleTypingCheck(after delay: Duration) {
        tasks.keep(scheduler.schedule(after: delay) { [weak self] in self?.checkTyping() }, as: "typingCheck")
    }

    /// The typing check: "stopped" goes out when it is due, and a check that came early waits again.
    private func checkTyping() {
        tasks.cancel("typingCheck")
        let now = scheduler.now
        if let wait = TypingPolicy.wait(typing, at: now) { return scheduleTypingCheck(after: wait) }
        let (next, sendStopped) = TypingPolicy.check(typing, at: now)
        typing = next
        if sendStopped { chat.setTyping(false, in: conversation) }
    }

    /// Ends the user's typing ("stopped" goes out if "typing" did); a waiting check is left to find
    /// nothing to do, or a later keystroke's typing to check.
    private func stopTyping() {
        if typing.isTyping { chat.setTyping(false, in: conversation) }
        typing = TypingPolicy.State()
    }
}
