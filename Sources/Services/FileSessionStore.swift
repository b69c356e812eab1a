import Foundation
import Models

/// A ``SessionStore`` on one JSON file, written atomically and readable by the owner only.
public struct FileSessionStore: SessionStore {
    /// The file holding the session.
    public let fileURL: URL

    /// Creates a store on `fileURL`; nothing is touched until the first call.
    public init(fileURL: URL) { self.fileURL = fileURL }

    /// Reads and decodes the file; `nil` when missing, ``StoreError/unreadable(path:reason:)`` when bad.
    public func load() throws(StoreError) -> StoredSession? {
        guard let data = try AtomicFile.read(fileURL) else { return nil }
        let session: StoredSession
        do {
            session = try JSONDecoder().decode(StoredSession.self, from: data)
        } catch {
            throw .unreadable(path: fileURL.path, reason: "not a session file (\(data.count) bytes)")
        }
        guard session.version == StoredSession.currentVersion else {
            throw .unreadable(path: fileURL.path, reason: "unsupported version \(session.version)")
        }
        return session
    }

    /// Encodes and writes the file atomically, owner-only.
    public func save(_ session: StoredSession) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(session)
        } catch {
            throw .unreadable(path: fileURL.path, reason: "could not encode the session")
        }
        try AtomicFile.write(data, to: fileURL)
    }

    /// Removes the file if it exists.
    public func delete() throws(StoreError) {
        try AtomicFile.remove(fileURL)
    }
}
