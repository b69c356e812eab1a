/// One open conversation's observable state.
///
/// A value with copy-on-write storage, like ``DeckState``: a snapshot is copied (into the store's
/// pending state, to every observer, on every read) by one reference count, and two snapshots that
/// share storage compare equal at once; a change copies the storage once, then edits it in place.
/// Equality compares the fields that change most and cost least first.
public struct ConversationState: Hashable, Sendable {
    private struct Fields: Sendable {
        /// In a box of its own, as a summary keeps it: copying the fields (each change of a shared
        /// snapshot does) counts one reference for the match instead of one per text.
        var match: CopyOnWrite<Match>
        var messages: [Message] = []
        var changes: [ListChange] = []
        var revision = 0
        var hasOlderMessages = true
        var isLoadingHistory = false
        var otherIsTyping = false
        var problem: MessageProblem?
        var failure: RequestFailure?
        var isUnmatched = false
        var draft = ""
    }

    private var storage: CopyOnWrite<Fields>

    /// The match.
    public var match: Match {
        get { storage.fields.match.fields }
        set { storage.fields.match.fields = newValue }
        _modify { yield &storage.fields.match.fields }
    }
    /// The match's display name.
    ///
    /// Read where it is stored: ``match`` copies the whole match out to read one field of it.
    public var matchName: String { storage.fields.match.fields.displayName }
    /// The loaded messages, oldest first.
    public var messages: [Message] {
        get { storage.fields.messages }
        set { storage.fields.messages = newValue }
        _modify { yield &storage.fields.messages }
    }
    /// How the message ids changed from the previous snapshot to this one.
    public var changes: [ListChange] {
        get { storage.fields.changes }
        set { storage.fields.changes = newValue }
        _modify { yield &storage.fields.changes }
    }
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    public var revision: Int {
        get { storage.fields.revision }
        set { storage.fields.revision = newValue }
    }
    /// Whether older messages exist on the server.
    public var hasOlderMessages: Bool {
        get { storage.fields.hasOlderMessages }
        set { storage.fields.hasOlderMessages = newValue }
    }
    /// Whether a history page is loading.
    public var isLoadingHistory: Bool {
        get { storage.fields.isLoadingHistory }
        set { storage.fields.isLoadingHistory = newValue }
    }
    /// Whether the other person is typing now.
    public var otherIsTyping: Bool {
        get { storage.fields.otherIsTyping }
        set { storage.fields.otherIsTyping = newValue }
    }
    /// Why the last message typed could not be sent.
    public var problem: MessageProblem? {
        get { storage.fields.problem }
        set { storage.fields.problem = newValue }
    }
    /// The last history request's failure.
    public var failure: RequestFailure? {
        get { storage.fields.failure }
        set { storage.fields.failure = newValue }
    }
    /// Whether the match has ended.
    public var isUnmatched: Bool {
        get { storage.fields.isUnmatched }
        set { storage.fields.isUnmatched = newValue }
    }
    /// The text being written.
    public var draft: String {
        get { storage.fields.draft }
        set { storage.fields.draft = newValue }
        _modify { yield &storage.fields.draft }
    }

    /// A conversation with nothing loaded yet.
    public init(match: Match) {
        storage = CopyOnWrite(Fields(match: CopyOnWrite(match)))
    }

    /// Shows `messages` in place of the messages shown, reached from them by `changes` (counted as a
    /// revision when there are any); `endsOtherTyping` says the other person stopped typing.
    ///
    /// The same as setting ``changes``, ``revision``, ``messages``, ``hasOlderMessages`` and (when
    /// `endsOtherTyping`) ``otherIsTyping`` one by one, in one call: each accessor called from another
    /// module is a call of its own, and a `_modify` one allocates its frame.
    public mutating func show(
        _ messages: [Message], changes: [ListChange], hasOlderMessages: Bool, endsOtherTyping: Bool
    ) {
        let hasChanges = !changes.isEmpty
        storage.fields.changes = changes
        if hasChanges { storage.fields.revision += 1 }
        storage.fields.messages = messages
        storage.fields.hasOlderMessages = hasOlderMessages
        if endsOtherTyping { storage.fields.otherIsTyping = false }
    }

    /// Sets the draft and clears the problem, in one call.
    ///
    /// The same as setting ``draft`` and ``problem`` one by one (see
    /// ``show(_:changes:hasOlderMessages:endsOtherTyping:)``).
    public mutating func edit(draft: String) {
        storage.fields.draft = draft
        storage.fields.problem = nil
    }

    /// Whether two states hold the same values: shared storage answers at once; otherwise the fields
    /// that change most and cost least first, the messages (equal at once when they share storage)
    /// and the match last (equal at once when the two share its box).
    ///
    /// A new field must be compared here and hashed in ``hash(into:)``.
    public static func == (lhs: ConversationState, rhs: ConversationState) -> Bool {
        if lhs.storage.sharesStorage(with: rhs.storage) { return true }
        let left = lhs.storage
        let right = rhs.storage
        return left.fields.revision == right.fields.revision && left.fields.draft == right.fields.draft
            && left.fields.otherIsTyping == right.fields.otherIsTyping
            && left.fields.problem == right.fields.problem
            && left.fields.isLoadingHistory == right.fields.isLoadingHistory
            && left.fields.hasOlderMessages == right.fields.hasOlderMessages
            && left.fields.isUnmatched == right.fields.isUnmatched
            && left.fields.failure == right.fields.failure && left.fields.changes == right.fields.changes
            && left.fields.messages == right.fields.messages
            && (left.fields.match.sharesStorage(with: right.fields.match)
                || left.fields.match.fields == right.fields.match.fields)
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        let fields = storage.fields
        hasher.combine(fields.match.fields)
        hasher.combine(fields.messages)
        hasher.combine(fields.changes)
        hasher.combine(fields.revision)
        hasher.combine(fields.hasOlderMessages)
        hasher.combine(fields.isLoadingHistory)
        hasher.combine(fields.otherIsTyping)
        hasher.combine(fields.problem)
        hasher.combine(fields.failure)
        hasher.combine(fields.isUnmatched)
        hasher.combine(fields.draft)
    }
}
