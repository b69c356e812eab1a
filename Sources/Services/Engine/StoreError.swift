/// Why a file-backed store could not read or write.
public enum StoreError: Error, Hashable, Sendable {
    /// The file exists but is not in a readable format (corrupted, truncated, another version).
    case unreadable(path: String, reason: String)
    /// A read, write, rename or delete failed at the file-system level.
    case io(path: String, operation: String, errno: Int32)
}
