import EmbeddedBackend
import Foundation
import Services

/// The embedded world's file (`world.json` in the data folder): where the shared
/// ``EmbeddedBackend/EmbeddedServer`` keeps its ``EmbeddedBackend/EmbeddedServer/Snapshot``.
///
/// The server hands it every change (``keep(_:then:)``): the snapshot is taken, encoded and written
/// on a ``Services/DiskWriter``'s queue, off the main thread, atomically and owner-only as the app's
/// own stores write (a temporary file, `fsync`, rename, the folder flushed), several changes in a row
/// written as one; the answer or event the change made leaves only once its write is done, so
/// nothing the server answered is lost to a crash, SIGKILL included. A write that fails releases
/// nothing and is told to `onFailure` (the server stops: what it answered would not survive).
public final class WorldStore: EmbeddedServerStore {
    /// The file.
    public let fileURL: URL
    private let writer = DiskWriter()
    private let onFailure: @Sendable (WebDataError) -> Void

    /// A store on `fileURL` telling `onFailure` when a write fails.
    public init(fileURL: URL, onFailure: @escaping @Sendable (WebDataError) -> Void) {
        self.fileURL = fileURL
        self.onFailure = onFailure
    }

    /// The saved world, or `nil` when there is no file; ``WebDataError/unreadableWorld(path:_:)``
    /// when it is not one this build can restore. Read on the writer's queue.
    public func load() throws(WebDataError) -> EmbeddedServer.Snapshot? {
        let url = fileURL
        let data: Data?
        do {
            data = try writer.sync { () throws(StoreError) -> Data? in
                // What a write cut short by a crash left: its temporary files.
                try AtomicFile.removeTemporaryFiles(
                    inDirectory: url.deletingLastPathComponent().path, of: url.lastPathComponent)
                // One byte more than a snapshot may have: a file too large is told, not cut short.
                return try AtomicFile.read(url, atMost: EmbeddedServer.Snapshot.maximumBytes + 1)
            }
        } catch {
            throw .cannotUse(path: url.path, reason: "cannot read it (\(error))")
        }
        guard let data else { return nil }
        do {
            return try EmbeddedServer.Snapshot(decoding: data)
        } catch {
            throw .unreadableWorld(path: url.path, error)
        }
    }

    /// Keeps the state `snapshot` takes (on the writer's queue), then runs `release` on the main actor.
    public func keep(
        _ snapshot: @escaping @Sendable () -> EmbeddedServer.Snapshot, then release: @escaping ScheduledWork
    ) {
        let path = fileURL.path
        let onFailure = onFailure
        writer.save(
            toPath: path, scheduler: DispatchScheduler(),
            contents: { () throws(StoreError) -> Data? in try Self.encode(snapshot(), path: path) },
            completion: { result in
                switch result {
                case .success: release()
                case .failure(let error): onFailure(.cannotSave(path: path, reason: "\(error)"))
                }
            })
    }

    /// Writes `world`'s state as it is now, after the writes queued before, and waits until it is on
    /// the disk. Call it off the main thread (a connection's), or before serving.
    public func keepNow(_ world: EmbeddedServer) throws(WebDataError) {
        let path = fileURL.path
        do {
            try writer.sync { () throws(StoreError) in
                try AtomicFile.write(try Self.encode(world.snapshot(), path: path), toPath: path)
            }
        } catch {
            throw .cannotSave(path: path, reason: "\(error)")
        }
    }

    /// Waits until every write queued so far is done (the server is stopping).
    public func flush() {
        _ = try? writer.sync { () throws(StoreError) in }
    }

    private static func encode(_ snapshot: EmbeddedServer.Snapshot, path: String) throws(StoreError) -> Data {
        do {
            return try snapshot.encoded()
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }
}
