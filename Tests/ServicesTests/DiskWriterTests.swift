import Dispatch
import Foundation
import Models
import Services
import Synchronization
import TestSupport
import Testing

/// The writer behind the file stores: off the caller's thread, in order, coalesced; a read waits for
/// the work that may change its file, and only for that.
@MainActor
@Suite struct DiskWriterTests {
    let directory = TemporaryDirectory()
    let scheduler = VirtualScheduler(now: Date(timeIntervalSince1970: 0))
    var fileURL: URL { directory.url.appendingPathComponent("outbox.json") }

    /// What completions were given, in order.
    final class Completions {
        var results: [Result<Void, StoreError>] = []
    }

    static func message(_ number: Int) -> OutgoingMessage {
        OutgoingMessage(
            id: "t\(number)", conversation: "c", text: "\(number)", createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func aSave_returnsBeforeTheFileIsWritten_andCompletesOnTheMainActorOnceItIs() throws {
        let queue = DispatchQueue(label: "held")
        queue.suspend()
        let store = FileQueueStore<OutgoingMessage>(
            fileURL: fileURL, writer: DiskWriter(queue: queue), scheduler: scheduler)
        let completions = Completions()
        store.save([Self.message(1)]) { completions.results.append($0) }
        #expect(!FileManager.default.fileExists(atPath: fileURL.path))
        #expect(completions.results.isEmpty)
        queue.resume()
        scheduler.runDue()
        #expect(completions.results.count == 1)
        #expect(store.load().items == [Self.message(1)])
    }

    @Test func savesMadeWhileAWriteWaits_areWrittenOnce_andEachCompletes_inOrder() throws {
        let queue = DispatchQueue(label: "held")
        queue.suspend()
        let writer = DiskWriter(queue: queue)
        let store = FileQueueStore<OutgoingMessage>(fileURL: fileURL, writer: writer, scheduler: scheduler)
        let completions = Completions()
        var order: [Int] = []
        for count in 1...3 {
            store.save((1...count).map(Self.message)) { result in
                completions.results.append(result)
                order.append(count)
            }
        }
        queue.resume()
        scheduler.runDue()
        #expect(order == [1, 2, 3])
        #expect(completions.results.allSatisfy { (try? $0.get()) != nil })
        #expect(writer.fileWrites == 1)
        #expect(store.load().items == (1...3).map(Self.message))
    }

    @Test func aWriteQueuedBeforeLogout_doesNotBringTheUsersFolderBack() throws {
        let users = FileUserDataStore(rootURL: directory.url, writer: DiskWriter(), scheduler: scheduler)
        try users.outbox(for: "alice").save([Self.message(1)]) { _ in }
        try users.swipeQueue(for: "alice").save([]) { _ in }
        users.removeAll(for: "alice") { _ in }
        scheduler.runDue()
        #expect(!FileManager.default.fileExists(atPath: users.location(of: "alice").path))
    }

    @Test func aFailedWrite_isReportedToEverySaveItCovered() throws {
        let blocker = directory.url.appendingPathComponent("blocker")
        try Data("file".utf8).write(to: blocker)
        let store = FileQueueStore<OutgoingMessage>(
            fileURL: blocker.appendingPathComponent("outbox.json"), writer: DiskWriter(), scheduler: scheduler
        )
        let completions = Completions()
        store.save([Self.message(1)]) { completions.results.append($0) }
        store.save([Self.message(2)]) { completions.results.append($0) }
        scheduler.runDue()
        #expect(completions.results.count == 2)
        #expect(completions.results.allSatisfy { (try? $0.get()) == nil })
    }

    /// Keeps the writer's queue busy until opened (or 10 s passed, so a test that waits for it ends).
    final class Gate: Sendable {
        private let opened = DispatchSemaphore(value: 0)
        private let passed = Mutex(false)

        /// Whether the queue went past the gate.
        var isPassed: Bool { passed.withLock { $0 } }

        /// Holds the queue it runs on until ``open()``.
        func hold() {
            _ = opened.wait(timeout: .now() + .seconds(10))
            passed.withLock { $0 = true }
        }

        func open() { opened.signal() }
    }

    @Test func aLoad_seesTheSavesOfItsFileQueuedBeforeIt() throws {
        let queue = DispatchQueue(label: "held")
        queue.suspend()
        let store = FileQueueStore<OutgoingMessage>(
            fileURL: fileURL, writer: DiskWriter(queue: queue), scheduler: scheduler)
        store.save([Self.message(1)]) { _ in }
        // The load waits for the held save: the queue is let go from another thread.
        DispatchQueue.global().async { queue.resume() }
        #expect(store.load().items == [Self.message(1)])
        scheduler.runDue()
    }

    @Test func aLoad_seesARemovalQueuedBeforeIt() throws {
        let queue = DispatchQueue(label: "held")
        let users = FileUserDataStore(
            rootURL: directory.url, writer: DiskWriter(queue: queue), scheduler: scheduler)
        let outbox = try users.outbox(for: "alice")
        outbox.save([Self.message(1)]) { _ in }
        scheduler.runDue()
        queue.suspend()
        users.removeAll(for: "alice") { _ in }
        DispatchQueue.global().async { queue.resume() }
        #expect(outbox.load().items.isEmpty)
        scheduler.runDue()
    }

    @Test func aReadCleansItsFolder_andAReadAfterTheCleanUpRanCleansAgain() throws {
        let queue = DispatchQueue(label: "writer")
        let users = FileUserDataStore(
            rootURL: directory.url, writer: DiskWriter(queue: queue), scheduler: scheduler)
        _ = try users.swipeQueue(for: "alice").load()
        _ = try users.outbox(for: "alice").load()
        queue.sync {}
        scheduler.runDue()
        let folder = try users.directory(for: "alice")
        let leftover = folder.appendingPathComponent(".outbox.json.999999.1.tmp")
        try Data("{}".utf8).write(to: leftover)
        _ = try users.outbox(for: "alice").load()
        scheduler.runDue()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test func aResultOfWorkOffTheMainActor_takesThePlaceOfTheCallAmongTheWorkDue() {
        var order: [String] = []
        scheduler.schedule { order.append("before") }
        scheduler.run(on: DispatchQueue(label: "work"), { "work" }, then: { order.append($0) })
        scheduler.schedule { order.append("after") }
        scheduler.runDue()
        #expect(order == ["before", "work", "after"])
    }

    @Test func thePump_doesNotStop_whileAResultOfWorkOffTheMainActorWaits() {
        let pumped = PumpedScheduler()
        var delivered = false
        pumped.run(on: DispatchQueue(label: "work"), { true }, then: { delivered = $0 })
        // Generous bound for a loaded machine: the work is immediate.
        let settled = pumped.pump(until: { true }, timeout: .seconds(5))
        #expect(settled)
        #expect(delivered)
    }
}
