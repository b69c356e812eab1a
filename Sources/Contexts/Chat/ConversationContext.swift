import Foundation
import Interactors
import Models
import Services

/// One open conversation: its messages (newest page first, older on demand), sending, typing,
/// receipts and unmatching, over the session's ``ChatContext``.
///
/// Inputs: ``open()``, ``loadOlder()``, ``draftChanged(_:)``, ``send()``, ``retryFailed()``,
/// ``deleteFailed()``, ``unmatch(block:)``, ``close()``, ``end()``. Output: ``Models/ConversationState``
/// through ``store``: a view of the conversation's ``ConversationRecord`` in the chat's state (its
/// messages with the changes of their last revision, whether older ones exist, the other person's
/// typing, the match's end) with what belongs to the screen (the draft, a problem with it). Typing:
/// "typing" goes out on the first keystroke and "stopped" after ``Interactors/TypingPolicy/stopAfter``
/// without one (debounced on the scheduler). Edits and sends are ignored unless the conversation is
/// open (between ``open()`` and ``close()``): a screen a front end keeps a moment after Back (a pop
/// animation) neither edits nor sends. Once the match ended, the screen keeps the messages it shows.
@MainActor
public final class ConversationContext: StateContext {
    /// The observable state.
    ///
    /// Emits on every message, receipt, typing change and edit.
    public let store: StateStore<ConversationState>

    private let conversation: String
    private let chat: ChatContext
    private let scheduler: any Scheduler
    /// The watch on the chat's state (`"chat"`) and the typing check (`"typingCheck"`), cancelled by
    /// ``close()`` and ``end()``.
    private let tasks = CancelBag()

    /// Creates the context of a conversation the user has, on the chat's clock; `nil` when it is not
    /// one of theirs. A context made from a `state` another one published goes on as that one would.
    public init?(conversation: String, chat: ChatContext, state: ConversationState? = nil) {
        guard let match = chat.match(of: conversation) else { return nil }
        self.conversation = conversation
        self.chat = chat
        scheduler = chat.scheduler
        store = StateStore(state ?? ConversationState(match: match))
        if let state, state.isOpen { resume() }
    }

    /// Call when the conversation is shown: loads the newest page and marks messages read while open.
    public func open() {
        guard !store.snapshot.isOpen else { return }
        store.update { $0.isOpen = true }
        watchChat()
        chat.opened(conversation)
        chat.loadHistory(of: conversation, older: false)
    }

    /// Call when the user asks for older messages.
    public func loadOlder() {
        chat.loadHistory(of: conversation, older: true)
    }

    /// Call when the user edits the message field.
    public func draftChanged(_ text: String) {
        guard store.snapshot.isOpen else { return }
        let now = scheduler.now
        var sendTyping = false
        store.update { state in
            state.draft = text
            state.draftWasJustSent = false
            state.problem = nil
            guard !state.isUnmatched, !text.isEmpty else { return }
            (state.typing, sendTyping) = TypingPolicy.keystroke(state.typing, at: now)
        }
        if sendTyping { chat.setTyping(true, in: conversation) }
        // One check waits at a time, due no later than ``Interactors/TypingPolicy/stopAfter`` after this
        // keystroke: a check that comes early (a keystroke since it was scheduled) waits again for the rest.
        if store.snapshot.typing.isTyping, !tasks.contains("typingCheck") {
            scheduleTypingCheck(after: TypingPolicy.stopAfter)
        }
    }

    /// Call when the user taps send: the draft goes out (shown as sending at once) or the problem shows.
    ///
    /// One notification: the message shown as sending and the emptied draft arrive together.
    public func send() {
        guard store.snapshot.isOpen else { return }
        guard !store.snapshot.isUnmatched else { return store.update { $0.problem = .unmatched } }
        // A second tap that meets the field the first one emptied: nothing to send, nothing to say.
        if store.snapshot.draftWasJustSent, store.snapshot.draft.isEmpty { return }
        store.batch {
            if let problem = chat.send(store.snapshot.draft, to: conversation) {
                store.update { $0.problem = problem }
                return
            }
            store.update { state in
                state.draft = ""
                state.draftWasJustSent = true
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
        guard store.snapshot.isOpen else { return }
        stopTyping()
        store.update { $0.isOpen = false }
        chat.closed(conversation)
        tasks.cancel("chat")
    }

    /// Call when the conversation's flow ends: closes it if open, and cancels its timers.
    public func end() {
        close()
        tasks.cancelAll()
    }

    // MARK: Internals

    /// Follows the conversation's record in the chat's state from now on.
    private func watchChat() {
        let watch = chat.store.observe { [weak self] state in
            guard let self, let record = state.records[self.conversation] else { return }
            self.show(record)
        }
        tasks.keep(watch, as: "chat")
    }

    /// Shows what the chat's record of the conversation says; once the match ended, only that.
    private func show(_ record: ConversationRecord) {
        store.update { state in
            // Once the match ended, the screen keeps what it shows but for the messages deleted from
            // it (those its end refused); a match made again is not this screen's.
            guard !state.isUnmatched || record.hasEnded else { return }
            if record.revision != state.revision {
                state.changes =
                    record.revision == state.revision + 1
                    ? record.changes
                    : ListDiff.changes(from: state.messages, to: record.log.messages, updated: [])
                state.revision = record.revision
                state.messages = record.log.messages
            }
            state.hasOlderMessages = record.hasOlderMessages
            state.isLoadingHistory = record.isLoadingHistory
            state.failure = record.historyFailure
            state.otherIsTyping = record.otherIsTyping
            if record.hasEnded {
                // Nothing more to load or retry: the server no longer has the conversation.
                state.isUnmatched = true
                state.otherIsTyping = false
                state.isLoadingHistory = false
                state.hasOlderMessages = false
                state.failure = nil
            }
        }
    }

    /// Arms again what the state says runs on its own: the chat's watch and the typing check.
    private func resume() {
        watchChat()
        if store.snapshot.typing.isTyping { scheduleTypingCheck(after: .zero) }
    }

    private func scheduleTypingCheck(after delay: Duration) {
        tasks.keep(scheduler.schedule(after: delay) { [weak self] in self?.checkTyping() }, as: "typingCheck")
    }

    /// The typing check: "stopped" goes out when it is due, and a check that came early waits again.
    private func checkTyping() {
        tasks.cancel("typingCheck")
        let now = scheduler.now
        let typing = store.snapshot.typing
        if let wait = TypingPolicy.wait(typing, at: now) { return scheduleTypingCheck(after: wait) }
        let (next, sendStopped) = TypingPolicy.check(typing, at: now)
        store.update { $0.typing = next }
        if sendStopped { chat.setTyping(false, in: conversation) }
    }

    /// Ends the user's typing ("stopped" goes out if "typing" did); a waiting check is left to find
    /// nothing to do, or a later keystroke's typing to check.
    private func stopTyping() {
        if store.snapshot.typing.isTyping { chat.setTyping(false, in: conversation) }
        store.update { $0.typing = TypingState() }
    }
}
