import Foundation
import Models

/// A ``SessionStore`` on one JSON file, written atomically off the main actor and readable by the
/// owner only.
///
/// Saves and deletions go through a ``DiskWriter``, in order; loading runs on the writer's queue after
/// them.
/// The temporary files of a crashed write (they hold the tokens) are removed when the store first
/// reads its folder and when the session is deleted (logout, sign-out).
public struct FileSessionStore: SessionStore {
    private let file: JSONFileStore<StoredSession>
    private let writer: DiskWriter
    private let scheduler: any Scheduler

    /// The file holding the session.
    public var fileURL: URL { file.fileURL }

    /// Creates a store on `fileURL` whose saves go through `writer` and complete on `scheduler` (an
    /// app's main queue by default); nothing is touched until the first call.
    public init(
        fileURL: URL, writer: DiskWriter = DiskWriter(), scheduler: any Scheduler = DispatchScheduler()
    ) {
        file = JSONFileStore(fileURL: fileURL)
        self.writer = writer
        self.scheduler = scheduler
    }

    /// Reads and decodes the file; `nil` when missing, ``StoreError/unreadable(path:reason:)`` when bad
    /// or of another version.
    public func load() throws(StoreError) -> StoredSession? {
        let file = file
        let path = fileURL.path
        let session = try writer.read(
            path, inDirectory: AtomicFile.split(path).directory, scheduler: scheduler
        ) {
            () throws(StoreError) -> StoredSession? in try file.load()
        }
        guard let session else { return nil }
        guard session.version == StoredSession.currentVersion else {
            throw .unreadable(path: fileURL.path, reason: "unsupported version \(session.version)")
        }
        return session
    }

    /// Encodes and writes the file atomically, owner-only, off the main actor.
    public func save(_ session: StoredSession, completion: @escaping StoreCompletion) {
        let file = file
        writer.save(
            toPath: fileURL.path, scheduler: scheduler,
            contents: { () throws(StoreError) -> Data? in try file.encode(session) },
            completion: completion)
    }

    /// Removes the file if it exists, and every temporary file of it, after every save made before, off
    /// the main actor.
    public func delete(completion: @escaping StoreCompletion) {
        let file = file
        writer.perform(
            scheduler: scheduler,
            { () throws(StoreError) in
                try file.delete()
                let directory = file.fileURL.deletingLastPathComponent().path
                try AtomicFile.removeTemporaryFiles(
                    inDirectory: directory, of: file.fileURL.lastPathComponent)
            }, completion: completion)
    }
}
