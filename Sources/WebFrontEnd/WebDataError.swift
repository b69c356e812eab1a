import EmbeddedBackend

/// Why `discover serve` cannot use its data folder: it says so on standard error and does not start.
public enum WebDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder cannot be made, made owner-only or read.
    case cannotUse(path: String, reason: String)
    /// The world's file is there but is not a world this build can restore; it is left as it is.
    case unreadableWorld(path: String, EmbeddedServer.SnapshotError)
    /// The world could not be written.
    case cannotSave(path: String, reason: String)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .cannotUse(let path, let reason): "cannot use the data folder \(path): \(reason)"
        case .unreadableWorld(let path, let error):
            "cannot restore the world from \(path): \(error). It is left as it is: move it away to start "
                + "a new world there, or give another --data folder"
        case .cannotSave(let path, let reason): "cannot save the world to \(path): \(reason)"
        }
    }
}
