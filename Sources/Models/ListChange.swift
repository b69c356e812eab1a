/// One step that turns a shown list into the next one; applied in order, each index referring to
/// the list as it is at that point.
public enum ListChange: Hashable, Sendable {
    /// Insert the item with this id at the index.
    case insert(String, at: Int)
    /// Remove the item at the index (its id, to check).
    case remove(String, at: Int)
    /// Move the item at `from` to `to`.
    case move(String, from: Int, to: Int)
    /// The item at the index changed its content.
    case update(String, at: Int)
}
