import Foundation
import Models

/// A ``SessionStore`` on one JSON file, written atomically and readable by the owner only.
public struct FileSessionStore: SessionStore {
    private let file: JSONFileStore<StoredSession>

    /// The file holding the session.
    public var fileURL: URL { file.fileURL }

    /// Creates a store on `fileURL`; nothing is touched until the first call.
    public init(fileURL: URL) { file = JSONFileStore(fileURL: fileURL) }

    /// Reads and decodes the file; `nil` when missing, ``StoreError/unreadable(path:reason:)`` when bad
    /// or of another version.
    public func load() throws(StoreError) -> StoredSession? {
        guard let session = try file.load() else { return nil }
        guard session.version == StoredSession.currentVersion else {
            throw .unreadable(path: fileURL.path, reason: "unsupported version \(session.version)")
        }
        return session
    }

    /// Encodes and writes the file atomically, owner-only.
    public func save(_ session: StoredSession) throws(StoreError) { try file.save(session) }

    /// Removes the file if it exists.
    public func delete() throws(StoreError) { try file.delete() }
}
