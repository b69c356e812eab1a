/// The matches list's observable state: new matches, then conversations, with the changes from the
/// previous snapshot.
///
/// A value with copy-on-write storage, like ``ConversationState``: a snapshot is copied (into the
/// store's pending state, to every observer) by one reference count instead of one per list, and its
/// store delivers it through the same code as the other boxed states'. A change copies the storage
/// once (when another snapshot shares it), then edits it in place; the accessors are inlinable, so a
/// list edited in place (a row replaced) is edited where it is stored, not copied out and back.
public struct ChatListState: Hashable, Sendable {
    /// The state's fields. A new one must be compared in `==` and hashed in ``hash(into:)``.
    @usableFromInline struct Fields: Sendable {
        @usableFromInline var newMatches: [Match] = []
        @usableFromInline var conversations: TreeList<ConversationSummary> = []
        @usableFromInline var changes: [ListChange] = []
        @usableFromInline var revision = 0
        @usableFromInline var outboxCount = 0
        @usableFromInline var isLoaded = false

        @usableFromInline init() {}
    }

    /// The fields' box, shared by snapshots: written only after `makeUnique()`.
    @usableFromInline typealias Storage = CopyOnWriteBox<Fields>

    @usableFromInline var storage: Storage

    /// Copies the box first if another snapshot shares it.
    @inlinable mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// A box a list state let go of, kept by the context that changes the list, to be written over by
    /// a later change instead of allocating another (as ``ConversationState/SpareStorage``).
    ///
    /// A change of a shared state (every store update is one) copies the box, while the box the state
    /// had stays with the snapshot the store shows until the next change replaces it. Kept here, it is
    /// free (nothing else holds it) by the change after next; a box something still holds (a snapshot
    /// kept by an observer) is never written: a new one is made, as without a spare.
    public struct SpareStorage: Sendable {
        @usableFromInline var storage: Storage?

        /// No box kept yet.
        public init() {}

        /// Lets go of the rows and changes the kept box holds, when nothing else holds the box.
        public mutating func letGoOfContents() {
            guard isKnownUniquelyReferenced(&storage) else { return }
            storage?.fields.newMatches = []
            storage?.fields.conversations = TreeList()
            storage?.fields.changes = []
        }
    }

    /// Makes the box this state's own before a change, as any change does first: a shared one is
    /// copied into the box `spare` keeps when nothing else holds it (else into a new one), and `spare`
    /// keeps the shared one instead.
    ///
    /// Either way the kept box holds none of its old rows and changes afterwards (as after
    /// ``SpareStorage/letGoOfContents()``): copying into it lets them go, and a state that is its own
    /// already has the kept box let go of them. So arrays only the kept box held are free for their
    /// owners to change in place, without a call to let go of them first.
    public mutating func makeUnique(spare: inout SpareStorage) {
        guard !isKnownUniquelyReferenced(&storage) else { return spare.letGoOfContents() }
        // Taken out, not copied: `spare` keeps the box let go of here next.
        var box: Storage
        if isKnownUniquelyReferenced(&spare.storage), let kept = spare.storage.take() {
            box = kept
            box.fields = storage.fields
        } else {
            box = Storage(storage.fields)
        }
        swap(&storage, &box)
        spare.storage = box
    }

    /// Matches with no message yet, newest first.
    public var newMatches: [Match] {
        @inlinable get { storage.fields.newMatches }
        @inlinable _modify {
            makeUnique()
            yield &storage.fields.newMatches
        }
    }
    /// Conversations with messages, by last activity, newest first: a ``TreeList``, so a snapshot
    /// that moves one conversation shares every other row with the one before.
    public var conversations: TreeList<ConversationSummary> {
        @inlinable get { storage.fields.conversations }
        @inlinable _modify {
            makeUnique()
            yield &storage.fields.conversations
        }
    }
    /// How ``rowIDs`` changed from the previous snapshot to this one.
    public var changes: [ListChange] {
        @inlinable get { storage.fields.changes }
        @inlinable _modify {
            makeUnique()
            yield &storage.fields.changes
        }
    }
    /// Counts snapshots; ``changes`` lead from `revision - 1` to this one.
    public var revision: Int {
        @inlinable get { storage.fields.revision }
        @inlinable _modify {
            makeUnique()
            yield &storage.fields.revision
        }
    }
    /// Messages waiting in the outbox, in every conversation.
    public var outboxCount: Int {
        @inlinable get { storage.fields.outboxCount }
        @inlinable _modify {
            makeUnique()
            yield &storage.fields.outboxCount
        }
    }
    /// Whether the list has come from the server at least once.
    public var isLoaded: Bool {
        @inlinable get { storage.fields.isLoaded }
        @inlinable _modify {
            makeUnique()
            yield &storage.fields.isLoaded
        }
    }

    /// An empty list.
    public init() {
        storage = Storage(Fields())
    }

    /// The ids of the rows in display order: new matches, then conversations.
    public var rowIDs: [String] { newMatches.map(\.id) + conversations.map(\.id) }

    /// Whether two lists hold the same values: shared storage answers at once; otherwise the revision
    /// and counts first, the rows last.
    ///
    /// A new field must be compared here and hashed in ``hash(into:)``.
    public static func == (lhs: ChatListState, rhs: ChatListState) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let left = lhs.storage
        let right = rhs.storage
        return left.fields.revision == right.fields.revision
            && left.fields.outboxCount == right.fields.outboxCount
            && left.fields.isLoaded == right.fields.isLoaded && left.fields.changes == right.fields.changes
            && left.fields.newMatches == right.fields.newMatches
            && left.fields.conversations == right.fields.conversations
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        let fields = storage.fields
        hasher.combine(fields.newMatches)
        hasher.combine(fields.conversations)
        hasher.combine(fields.changes)
        hasher.combine(fields.revision)
        hasher.combine(fields.outboxCount)
        hasher.combine(fields.isLoaded)
    }

    /// The unread count of a conversation with a user, if there is one.
    public func unreadCount(with user: UserID) -> Int? {
        conversations.first { $0.match.user == user }?.unreadCount
            ?? newMatches.first { $0.user == user }.map { _ in 0 }
    }
}
