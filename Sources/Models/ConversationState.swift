/// One open conversation's observable state.
///
/// A value with copy-on-write storage, like ``DeckState``: a snapshot is copied (into the store's
/// pending state, to every observer, on every read) by one reference count, and two snapshots that
/// share storage compare equal at once; a change copies the storage once, then edits it in place.
/// Equality compares the fields that change most and cost least first.
///
/// The storage is a ``CopyOnWriteBox`` held directly, as ``DeckState``'s is, edited by plain setters
/// after one uniqueness check, and its getters are inlinable: a flow or the context reads a field with a load
/// instead of a call that retains what it returns (a screen reads a dozen fields per render).
public struct ConversationState: Hashable, Sendable {
    /// The state's fields. A new one must be passed on where a shared box is rebuilt
    /// (``show(_:changes:hasOlderMessages:endsOtherTyping:)``, ``edit(draft:)``), compared in `==`
    /// and hashed in ``hash(into:)``.
    @usableFromInline struct Fields: Sendable {
        /// In a box of its own, as a summary keeps it: copying the fields (each change of a shared
        /// snapshot does) counts one reference for the match instead of one per text.
        var match: CopyOnWrite<Match>
        @usableFromInline var messages: [Message] = []
        @usableFromInline var changes: [ListChange] = []
        @usableFromInline var revision = 0
        @usableFromInline var hasOlderMessages = true
        @usableFromInline var isLoadingHistory = false
        @usableFromInline var otherIsTyping = false
        @usableFromInline var problem: MessageProblem?
        @usableFromInline var failure: RequestFailure?
        @usableFromInline var isUnmatched = false
        @usableFromInline var draft = ""
    }

    /// The fields' box, shared by snapshots: written only after `makeUnique()`.
    @usableFromInline typealias Storage = CopyOnWriteBox<Fields>

    // Internal, not private, so that the getters below can be inlined into other modules: a read of
    // the state from a flow or the context is then a load, not a call that retains what it returns.
    @usableFromInline var storage: Storage

    /// A box a state let go of, kept by the one context that changes the state, to be written over by
    /// a later change instead of allocating another.
    ///
    /// A change of a shared state (every store update is one) builds a new box, while the box the
    /// state had stays with the snapshot the store shows until the next change replaces it. Kept here,
    /// it is free (nothing else holds it) by the change after next, which writes its fields into it;
    /// a box something still holds (a snapshot kept by an observer) is never written: a new one is
    /// made, as without a spare.
    public struct SpareStorage: Sendable {
        @usableFromInline var storage: Storage?

        /// No box kept yet.
        public init() {}

        /// Lets go of the messages and changes the kept box holds, when nothing else holds the box:
        /// arrays only it holds are then free for their owners to change in place.
        public mutating func letGoOfContents() {
            guard isKnownUniquelyReferenced(&storage) else { return }
            storage?.fields.messages = []
            storage?.fields.changes = []
        }

        /// A box holding `fields`: the kept one when nothing else holds it, else a new one.
        mutating func box(_ fields: Fields) -> Storage {
            // Taken out, not copied: the caller keeps the box it lets go of here next.
            if isKnownUniquelyReferenced(&storage), let box = storage.take() {
                box.fields = fields
                return box
            }
            return Storage(fields)
        }
    }

    /// Copies the box first if another snapshot shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// The match.
    public var match: Match {
        get { storage.fields.match.fields }
        set {
            makeUnique()
            storage.fields.match.fields = newValue
        }
    }
    /// The match's display name.
    ///
    /// Read where it is stored: ``match`` copies the whole match out to read one field of it.
    public var matchName: String { storage.fields.match.fields.displayName }
    /// The loaded messages, oldest first.
    public var messages: [Message] {
        @inlinable get { storage.fields.messages }
        set {
            makeUnique()
            storage.fields.messages = newValue
        }
    }
    /// How the message ids changed from the previous snapshot to this one.
    public var changes: [ListChange] {
        @inlinable get { storage.fields.changes }
        set {
            makeUnique()
            storage.fields.changes = newValue
        }
    }
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    public var revision: Int {
        @inlinable get { storage.fields.revision }
        set {
            makeUnique()
            storage.fields.revision = newValue
        }
    }
    /// Whether older messages exist on the server.
    public var hasOlderMessages: Bool {
        @inlinable get { storage.fields.hasOlderMessages }
        set {
            makeUnique()
            storage.fields.hasOlderMessages = newValue
        }
    }
    /// Whether a history page is loading.
    public var isLoadingHistory: Bool {
        @inlinable get { storage.fields.isLoadingHistory }
        set {
            makeUnique()
            storage.fields.isLoadingHistory = newValue
        }
    }
    /// Whether the other person is typing now.
    public var otherIsTyping: Bool {
        @inlinable get { storage.fields.otherIsTyping }
        set {
            makeUnique()
            storage.fields.otherIsTyping = newValue
        }
    }
    /// Why the last message typed could not be sent.
    public var problem: MessageProblem? {
        @inlinable get { storage.fields.problem }
        set {
            makeUnique()
            storage.fields.problem = newValue
        }
    }
    /// The last history request's failure.
    public var failure: RequestFailure? {
        @inlinable get { storage.fields.failure }
        set {
            makeUnique()
            storage.fields.failure = newValue
        }
    }
    /// Whether the match has ended.
    public var isUnmatched: Bool {
        @inlinable get { storage.fields.isUnmatched }
        set {
            makeUnique()
            storage.fields.isUnmatched = newValue
        }
    }
    /// The text being written.
    public var draft: String {
        @inlinable get { storage.fields.draft }
        set {
            makeUnique()
            storage.fields.draft = newValue
        }
    }

    /// A conversation with nothing loaded yet.
    public init(match: Match) {
        storage = Storage(Fields(match: CopyOnWrite(match)))
    }

    /// Shows `messages` in place of the messages shown, reached from them by `changes` (counted as a
    /// revision when there are any); `endsOtherTyping` says the other person stopped typing.
    ///
    /// The same as setting ``changes``, ``revision``, ``messages``, ``hasOlderMessages`` and (when
    /// `endsOtherTyping`) ``otherIsTyping`` one by one, in one call: each accessor called from another
    /// module is a call of its own, and a `_modify` one allocates its frame. A state sharing its box
    /// (the store's draft of its snapshot, as every update is) gets a new box built with the new
    /// messages and changes: copying the old ones into it first counted a reference to each only to
    /// let it go.
    public mutating func show(
        _ messages: [Message], changes: [ListChange], hasOlderMessages: Bool, endsOtherTyping: Bool
    ) {
        var spare = SpareStorage()
        show(
            messages, changes: changes, hasOlderMessages: hasOlderMessages, endsOtherTyping: endsOtherTyping,
            spare: &spare)
    }

    /// ``show(_:changes:hasOlderMessages:endsOtherTyping:)``, building a new box (for a shared state)
    /// in the box `spare` keeps when nothing else holds it, and keeping the box this state let go of
    /// there instead.
    public mutating func show(
        _ messages: [Message], changes: [ListChange], hasOlderMessages: Bool, endsOtherTyping: Bool,
        spare: inout SpareStorage
    ) {
        let hasChanges = !changes.isEmpty
        guard isKnownUniquelyReferenced(&storage) else {
            let old = storage
            storage = spare.box(
                Fields(
                    match: old.fields.match, messages: messages, changes: changes,
                    revision: old.fields.revision + (hasChanges ? 1 : 0), hasOlderMessages: hasOlderMessages,
                    isLoadingHistory: old.fields.isLoadingHistory,
                    otherIsTyping: endsOtherTyping ? false : old.fields.otherIsTyping,
                    problem: old.fields.problem, failure: old.fields.failure,
                    isUnmatched: old.fields.isUnmatched, draft: old.fields.draft))
            spare.storage = old
            return
        }
        storage.fields.changes = changes
        if hasChanges { storage.fields.revision += 1 }
        storage.fields.messages = messages
        storage.fields.hasOlderMessages = hasOlderMessages
        if endsOtherTyping { storage.fields.otherIsTyping = false }
    }

    /// Sets the draft and clears the problem, in one call.
    ///
    /// The same as setting ``draft`` and ``problem`` one by one (see
    /// ``show(_:changes:hasOlderMessages:endsOtherTyping:)``); a shared box is replaced by one built
    /// with the new draft, as there.
    public mutating func edit(draft: String) {
        var spare = SpareStorage()
        edit(draft: draft, spare: &spare)
    }

    /// ``edit(draft:)``, building a new box (for a shared state) in the box `spare` keeps when nothing
    /// else holds it, and keeping the box this state let go of there instead.
    public mutating func edit(draft: String, spare: inout SpareStorage) {
        guard isKnownUniquelyReferenced(&storage) else {
            let old = storage
            storage = spare.box(
                Fields(
                    match: old.fields.match, messages: old.fields.messages, changes: old.fields.changes,
                    revision: old.fields.revision, hasOlderMessages: old.fields.hasOlderMessages,
                    isLoadingHistory: old.fields.isLoadingHistory, otherIsTyping: old.fields.otherIsTyping,
                    problem: nil, failure: old.fields.failure, isUnmatched: old.fields.isUnmatched,
                    draft: draft))
            spare.storage = old
            return
        }
        storage.fields.draft = draft
        storage.fields.problem = nil
    }

    /// Whether two states hold the same values: shared storage answers at once; otherwise the fields
    /// that change most and cost least first, the messages (equal at once when they share storage)
    /// and the match last (equal at once when the two share its box).
    ///
    /// A new field must be compared here and hashed in ``hash(into:)``.
    public static func == (lhs: ConversationState, rhs: ConversationState) -> Bool {
        if lhs.storage === rhs.storage { return true }
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
