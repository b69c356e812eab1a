import Foundation
import Interactors
import Models
import Services

/// One open conversation: its messages (newest page first, older on demand), sending, typing,
/// receipts and unmatching, over the session's ``ChatContext``.
///
/// Inputs: ``open()``, ``loadOlder()``, ``draftChanged(_:)``, ``send()``, ``retryFailed()``,
/// ``unmatch(block:)``, ``close()``. Output: ``ConversationState`` through ``store``, with the list
/// changes from the previous snapshot. Typing: "typing" goes out on the first keystroke and "stopped"
/// after ``TypingPolicy/stopAfter`` without one (debounced on the scheduler); the other person's
/// typing shows until they stop or ``TypingPolicy/othersExpireAfter`` passes.
@MainActor
public final class ConversationContext: StateContext {
    /// The observable state. Emits on every message, receipt, typing change and edit.
    public let store: StateStore<ConversationState>

    private let conversation: String
    private let chat: ChatContext
    /// The conversation's record in the chat, found once: the chat never drops a record, so every
    /// request of this screen reaches the conversation without hashing its id.
    private let record: ConversationRecord
    private let scheduler: any Scheduler
    private var observation: ObservationToken?
    private var typing = TypingPolicy.State()
    private var typingCheck: ScheduledTask?
    private var othersTypingExpiry: ScheduledTask?
    private var isOpen = false
    /// Two arrays for the list changes of the snapshots, used in turn: the one taken was last shown by
    /// the snapshot before the last, which is gone by then, so the next changes are written into its
    /// storage instead of a new array (a copy is made, as for any array, while something still holds
    /// it).
    @exclusivity(unchecked) private var changeArrays: ([ListChange], [ListChange]) = ([], [])
    /// The state box the last change let go of, written over by a later one
    /// (``ConversationState/SpareStorage``).
    @exclusivity(unchecked) private var spareStorage = ConversationState.SpareStorage()
    // Its observation of the chat and its scheduled checks hold this context unowned, not weakly: an
    // object held weakly gets a side table, and then every reference taken to it (an intent, a render,
    // a change told) goes the runtime's slow way. Unowned holds are safe here: the observation is
    // this context's own (it goes with it) and the scheduled checks are cancelled in `deinit`, so
    // none of them runs once the context is gone.

    /// Creates the context of a conversation the user has; `nil` when it is not one of theirs.
    public init?(conversation: String, chat: ChatContext, scheduler: any Scheduler) {
        guard let match = chat.match(of: conversation) else { return nil }
        self.conversation = conversation
        self.chat = chat
        record = chat.record(of: conversation)
        self.scheduler = scheduler
        store = StateStore(ConversationState(match: match))
    }

    // Not isolated: cancelling a scheduled task is thread-safe, and an isolated deinit costs an executor
    // check on every release.
    deinit {
        typingCheck?.cancel()
        othersTypingExpiry?.cancel()
    }

    /// Call when the conversation is shown: loads the newest page and marks messages read while open.
    public func open() {
        guard !isOpen else { return }
        isOpen = true
        observation = chat.observeAsScreen(record) { [unowned self] change in self.changed(change) }
        chat.opened(record)
        rebuild(updated: [])
        chat.loadHistory(of: conversation, older: false)
        store.update { $0.isLoadingHistory = record.isLoadingHistory }
    }

    /// Call when the user asks for older messages.
    public func loadOlder() {
        chat.loadHistory(of: conversation, older: true)
        store.update { $0.isLoadingHistory = record.isLoadingHistory }
    }

    /// Call when the user edits the message field.
    ///
    /// Ignored unless the conversation is open (between ``open()`` and ``close()``): a screen a front
    /// end keeps a moment after Back (a pop animation) neither edits nor starts typing again.
    public func draftChanged(_ text: String) {
        guard isOpen else { return }
        store.update { $0.edit(draft: text, spare: &spareStorage) }
        spareStorage.letGoOfContents()
        guard !store.current.isUnmatched, !text.isEmpty else { return }
        let (next, sendTyping) = TypingPolicy.keystroke(typing, at: scheduler.now)
        typing = next
        if sendTyping { chat.setTyping(true, of: record) }
        // One check waits at a time, due no later than ``TypingPolicy/stopAfter`` after this keystroke:
        // a check that comes early (a keystroke since it was scheduled) waits again for the rest, so a
        // keystroke schedules nothing while one waits, and sending leaves it waiting.
        if typingCheck == nil { scheduleTypingCheck(after: TypingPolicy.stopAfter) }
    }

    /// Call when the user taps send: the draft goes out (shown as sending at once) or the problem shows.
    ///
    /// One notification: the message shown as sending and the emptied draft arrive together. Ignored
    /// unless the conversation is open, as ``draftChanged(_:)`` is.
    public func send() {
        guard isOpen else { return }
        guard !store.current.isUnmatched else { return store.update { $0.problem = .unmatched } }
        store.batch {
            if let problem = chat.send(store.current.draft, to: record) {
                store.update { $0.problem = problem }
                return
            }
            store.update { $0.edit(draft: "") }
            stopTyping()
        }
        spareStorage.letGoOfContents()
    }

    /// Call when the user taps retry on failed messages.
    public func retryFailed() { chat.retryFailed(in: conversation) }

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
        observation = nil
    }

    // MARK: Internals

    private func changed(_ change: ChatContext.ConversationChange) {
        switch change {
        case .messages(_, let updated):
            rebuild(updated: updated)
        case .typing(let isTyping):
            othersTypingExpiry?.cancel()
            store.update { $0.otherIsTyping = isTyping }
            if isTyping {
                othersTypingExpiry = scheduler.schedule(after: TypingPolicy.othersExpireAfter) {
                    [unowned self] in
                    self.store.update { $0.otherIsTyping = false }
                }
            }
        case .unmatched:
            stopTyping()
            store.update { state in
                state.isUnmatched = true
                state.otherIsTyping = false
            }
        case .history(let failure):
            store.update { state in
                state.failure = failure
                state.isLoadingHistory = record.isLoadingHistory
                state.hasOlderMessages = record.hasOlderMessages
            }
        }
    }

    /// Takes the conversation's messages from the chat, with the changes from those shown before
    /// (`updated` names the messages whose content changed).
    private func rebuild(updated: [String]) {
        let messages = record.log.messages
        let hasOlderMessages = record.hasOlderMessages
        // Taken out and put back by swaps: moved, with no reference counted for either array.
        var changes: [ListChange] = []
        swap(&changes, &changeArrays.0)
        store.update { state in
            let old = state.messages
            // A message from the other person ends their typing.
            let endsOtherTyping: Bool =
                if let last = messages.last, last.sender != chat.me, !Self.contains(last.id, in: old) {
                    true
                } else { false }
            ListDiff.changes(from: old, to: messages, updated: updated, into: &changes)
            state.show(
                messages, changes: changes, hasOlderMessages: hasOlderMessages,
                endsOtherTyping: endsOtherTyping, spare: &spareStorage)
        }
        swap(&changeArrays.0, &changeArrays.1)
        swap(&changeArrays.1, &changes)
        // The box this change let go of lets go of its messages and changes now that the store shows
        // the new snapshot: they are the storage the next merge copies the messages into and the
        // changes array taken next, free once nothing else holds them.
        spareStorage.letGoOfContents()
    }

    /// Whether a message with this id is among `messages` (a loop: no closure to check the actor of).
    nonisolated private static func contains(_ id: String, in messages: [Message]) -> Bool {
        for index in messages.indices where messages[index].id == id { return true }
        return false
    }

    private func scheduleTypingCheck(after delay: Duration) {
        typingCheck = scheduler.schedule(after: delay) { [unowned self] in self.checkTyping() }
    }

    /// The typing check: "stopped" goes out when it is due, and a check that came early waits again.
    private func checkTyping() {
        typingCheck = nil
        let now = scheduler.now
        if let wait = TypingPolicy.wait(typing, at: now) { return scheduleTypingCheck(after: wait) }
        let (next, sendStopped) = TypingPolicy.check(typing, at: now)
        typing = next
        if sendStopped { chat.setTyping(false, of: record) }
    }

    /// Ends the user's typing ("stopped" goes out if "typing" did); a waiting check is left to find
    /// nothing to do, or a later keystroke's typing to check.
    private func stopTyping() {
        if typing.isTyping { chat.setTyping(false, of: record) }
        typing = TypingPolicy.State()
    }
}
