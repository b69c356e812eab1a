/// Why a file-backed store could not read or write.
public enum StoreError: Error, Hashable, Sendable {
    /// The file exists but is not in a readable format (corrupted, truncated, another version).
    case unreadable(path: String, reason: String)
    /// A read, write, rename or delete failed at the file-system level.
    case io(path: String, operation: String, errno: Int32)
    /// A queue file could not be read whole: it was moved aside to `movedTo` (owner-only, never
    /// overwritten) and the `recovered` items that could be read from it were kept.
    ///
    /// Reported once, by the load that found the file; the next save writes the recovered items.
    case quarantined(path: String, movedTo: String, recovered: Int, reason: String)
}
