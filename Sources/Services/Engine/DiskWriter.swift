import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files off the main actor, one at a time and in order, on one serial queue.
///
/// The file stores hand it their saves: ``save(toPath:scheduler:contents:completion:)`` returns at
/// once, the contents are encoded and written (atomically, owner-only, flushed) on the queue, and the
/// completion runs on the main actor once they are on disk. Saves of one file coalesce (group commit):
/// a write takes the latest contents asked for, so a save queued behind others of the same file
/// often finds its contents written already; every save's completion still comes, in the order the
/// saves were made, once what it asked for (or newer) is durable.
///
/// A store's read of its file (``read(_:inDirectory:scheduler:_:)``) runs on the queue too, after
/// the work queued before it, so no file is read or written on the main actor's thread (a test
/// counts the thread's system calls through a whole journey). Removals are queued like saves (``perform(scheduler:_:completion:)``), so a folder removed at
/// logout is not written again by a save made before. Share one writer between the stores of one
/// process (a relaunch in the same process included) so they see each other's writes.
public final class DiskWriter: Sendable {
    /// The latest contents asked for one file, not written yet.
    private struct Pending: Sendable {
        /// Which save asked for them.
        var version: Int
        /// Makes the bytes (on the queue); `nil` removes the file.
        var contents: @Sendable () throws(StoreError) -> Data?
    }

    /// The last write of one file: which save's contents it wrote, and how it went.
    private struct Written: Sendable {
        var version: Int
        var result: Result<Void, StoreError>
    }

    private struct State: Sendable {
        var lastVersion = 0
        var pending: [String: Pending] = [:]
        var written: [String: Written] = [:]
        var fileWrites = 0
        /// The folders whose clean-up of crashed writes is queued and not started yet.
        var cleanUpsQueued: Set<String> = []
    }

    private let queue: DispatchQueue
    private let state = Locked(State())

    /// Creates a writer with a serial queue of its own.
    public convenience init() {
        self.init(queue: DispatchQueue(label: "discover.disk-writer", qos: .utility))
    }

    /// Creates a writer on `queue`, which must be serial (a test may suspend it to hold writes back).
    public init(queue: DispatchQueue) { self.queue = queue }

    /// How many files this writer has written or removed for saves (coalesced saves count once).
    public var fileWrites: Int { state.withLock { $0.fileWrites } }

    /// Replaces the file at `path` with what `contents` makes (removes it when that is `nil`), off the
    /// main actor; `completion` runs on the main actor through `scheduler` once the file is durable, or
    /// with why it is not.
    ///
    /// `contents` runs on the writer's queue, and only for the latest save of the file when several
    /// wait.
    public func save(
        toPath path: String, scheduler: any Scheduler,
        contents: @escaping @Sendable () throws(StoreError) -> Data?,
        completion: @escaping StoreCompletion
    ) {
        let version = state.withLock { state in
            state.lastVersion += 1
            state.pending[path] = Pending(version: state.lastVersion, contents: contents)
            return state.lastVersion
        }
        scheduler.run(
            on: queue,
            { self.write(path, covering: version) }, then: completion)
    }

    /// Runs `body` on the writer's queue after every write queued before it, and answers its result;
    /// the caller waits.
    ///
    /// `body` runs on the queue's own thread, never the caller's (`DispatchQueue.sync` would run it on
    /// the caller's thread when the queue is idle). Never call it from `body` or from a save's
    /// `contents` (the queue would wait for itself).
    public func sync<Value: Sendable>(_ body: @escaping @Sendable () throws(StoreError) -> Value)
        throws(StoreError)
        -> Value
    {
        let result = PendingResult<Result<Value, StoreError>>()
        queue.async {
            do throws(StoreError) {
                result.fulfil(.success(try body()))
            } catch {
                result.fulfil(.failure(error))
            }
        }
        return try result.wait().get()
    }

    /// Runs `body` on the writer's queue, in order with the saves, off the main actor; `completion`
    /// runs on the main actor through `scheduler` with how it went (a removal, a clean-up).
    ///
    /// A read waits for it: `body` may change any file.
    public func perform(
        scheduler: any Scheduler, _ body: @escaping @Sendable () throws(StoreError) -> Void,
        completion: @escaping StoreCompletion
    ) {
        enqueue(scheduler: scheduler, body, completion: completion)
    }

    /// Runs `body` on the queue, in order with the saves, and `completion` with how it went.
    private func enqueue(
        scheduler: any Scheduler, _ body: @escaping @Sendable () throws(StoreError) -> Void,
        completion: @escaping StoreCompletion
    ) {
        scheduler.run(
            on: queue,
            {
                do throws(StoreError) {
                    try body()
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }, then: completion)
    }

    /// Reads the file at `path` of a store in `directory`: runs `body` on the queue after the work
    /// queued before it (the caller waits, doing no file work itself), then queues the removal of the temporary files other processes' crashed writes left in
    /// `directory` (this process's writes leave none behind), off the main actor.
    ///
    /// `body` reads that file only (it may write it back, as a store recovering a damaged file does).
    /// The clean-up is best effort: a file it cannot remove stays until the folder is removed; it
    /// touches no store's file, so reads do not wait for it. Reads of several files of one folder
    /// (a user's swipe queue and outbox at login) share one clean-up while it waits its turn.
    public func read<Value: Sendable>(
        _ path: String, inDirectory directory: String, scheduler: any Scheduler,
        _ body: @escaping @Sendable () throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        let value = try sync(body)
        let isQueued = state.withLock { !$0.cleanUpsQueued.insert(directory).inserted }
        guard !isQueued else { return value }
        let process = getpid()
        enqueue(
            scheduler: scheduler,
            { () throws(StoreError) in
                self.state.withLock { _ = $0.cleanUpsQueued.remove(directory) }
                try AtomicFile.removeTemporaryFiles(inDirectory: directory, sparing: process)
            }, completion: { _ in })
        return value
    }

    /// Writes the latest contents asked for `path`, unless a write already covered save `version`;
    /// answers how the write covering it went. Runs on the queue.
    private func write(_ path: String, covering version: Int) -> Result<Void, StoreError> {
        let job = state.withLock { state -> Pending? in
            if let written = state.written[path], written.version >= version { return nil }
            return state.pending.removeValue(forKey: path)
        }
        guard let job else { return state.withLock { $0.written[path]?.result } ?? .success(()) }
        let result: Result<Void, StoreError>
        do throws(StoreError) {
            if let data = try job.contents() {
                try AtomicFile.write(data, toPath: path)
            } else {
                try AtomicFile.removeFile(atPath: path)
            }
            result = .success(())
        } catch {
            result = .failure(error)
        }
        state.withLock { state in
            state.written[path] = Written(version: job.version, result: result)
            state.fileWrites += 1
        }
        return result
    }
}
