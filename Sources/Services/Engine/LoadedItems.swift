/// What a queue store read: the items, oldest first, and the problem it met, if any.
///
/// A file that cannot be read whole still gives what can be read of it: `items` holds those, and
/// `problem` says what happened to the file (``StoreError/quarantined(path:movedTo:recovered:reason:)``)
/// or why nothing could be read (``StoreError/io(path:operation:errno:)``). Report a problem once;
/// the items are the queue to keep.
public struct LoadedItems<Item: Sendable>: Sendable {
    /// The items read, oldest first.
    public var items: [Item]
    /// What went wrong reading, if anything.
    public var problem: StoreError?

    /// Creates a result.
    public init(_ items: [Item], problem: StoreError? = nil) {
        self.items = items
        self.problem = problem
    }
}
