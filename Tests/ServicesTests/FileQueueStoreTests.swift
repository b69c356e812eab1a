import Foundation
import Models
import Services
import TestSupport
import Testing

/// The queue files: one item per line, a damaged file moved aside and salvaged, the temporary files
/// of a crashed write removed when a store opens its folder.
@MainActor
@Suite struct FileQueueStoreTests {
    let directory = TemporaryDirectory()
    let scheduler = VirtualScheduler(now: Date(timeIntervalSince1970: 0))
    let writer = DiskWriter()
    var outboxURL: URL { directory.url.appendingPathComponent("outbox.json") }
    var swipesURL: URL { directory.url.appendingPathComponent("swipes.json") }

    static let messages = (1...3).map {
        OutgoingMessage(
            id: "t\($0)", conversation: "m-alice~bob", text: "Message \($0)",
            createdAt: Date(timeIntervalSince1970: Double($0)))
    }
    static let swipes = (1...3).map {
        Swipe(
            id: "s\($0)", candidate: UserID("c\($0)"), action: .pass, swipedAt: Date(timeIntervalSince1970: 1)
        )
    }

    func outbox() -> FileQueueStore<OutgoingMessage> {
        FileQueueStore<OutgoingMessage>(fileURL: outboxURL, writer: writer, scheduler: scheduler)
    }
    func swipeQueue() -> FileQueueStore<Swipe> {
        FileQueueStore<Swipe>(fileURL: swipesURL, writer: writer, scheduler: scheduler)
    }

    func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }

    @Test func savedItems_loadBackInOrder_oneLineEach_andNoneRemovesTheFile() throws {
        let store = outbox()
        try StoreWrites.wait(on: scheduler) { store.save(Self.messages, completion: $0) }.get()
        let loaded = store.load()
        #expect(loaded.items == Self.messages && loaded.problem == nil)
        let text = try String(contentsOf: outboxURL, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1 + Self.messages.count)
        #expect(permissions(outboxURL.path) == 0o600)
        try StoreWrites.wait(on: scheduler) { store.save([], completion: $0) }.get()
        #expect(!FileManager.default.fileExists(atPath: outboxURL.path))
    }

    @Test func aTruncatedOutbox_keepsItsIntactFirstMessage_andTheFileIsMovedAsideOwnerOnly() throws {
        let store = outbox()
        try StoreWrites.wait(on: scheduler) { store.save(Array(Self.messages.prefix(2)), completion: $0) }
            .get()
        let whole = try Data(contentsOf: outboxURL)
        let cut = whole.prefix(whole.count - 20)
        try cut.write(to: outboxURL)

        let loaded = store.load()
        #expect(loaded.items == [Self.messages[0]])
        let aside = outboxURL.path + ".unreadable-1"
        guard case .quarantined(let path, let movedTo, let recovered, _) = loaded.problem else {
            Issue.record("expected the file quarantined, got \(String(describing: loaded.problem))")
            return
        }
        #expect(path == outboxURL.path && movedTo == aside && recovered == 1)
        #expect(FileManager.default.contents(atPath: aside) == cut)
        #expect(permissions(aside) == 0o600)
        // What was read is on disk again at once; the problem is reported once.
        let again = store.load()
        #expect(again.items == [Self.messages[0]] && again.problem == nil)
    }

    @Test func aCorruptLineInTheSwipeQueue_losesOnlyThatSwipe() throws {
        let store = swipeQueue()
        try StoreWrites.wait(on: scheduler) { store.save(Self.swipes, completion: $0) }.get()
        var lines = try String(contentsOf: swipesURL, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = "{\"candidate\": garbage"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: swipesURL)

        let loaded = store.load()
        #expect(loaded.items == [Self.swipes[0], Self.swipes[2]])
        #expect(FileManager.default.fileExists(atPath: swipesURL.path + ".unreadable-1"))
    }

    @Test func aFileMovedAsideBefore_isNeverOverwritten() throws {
        try Data("garbage one".utf8).write(to: outboxURL)
        #expect(outbox().load().items.isEmpty)
        try Data("garbage two".utf8).write(to: outboxURL)
        let loaded = outbox().load()
        guard case .quarantined(_, let movedTo, 0, _) = loaded.problem else {
            Issue.record("expected the file quarantined, got \(String(describing: loaded.problem))")
            return
        }
        #expect(movedTo == outboxURL.path + ".unreadable-2")
        #expect(
            FileManager.default.contents(atPath: outboxURL.path + ".unreadable-1") == Data("garbage one".utf8)
        )
        #expect(FileManager.default.contents(atPath: movedTo) == Data("garbage two".utf8))
    }

    @Test func aFileOfANewerVersion_isMovedAside_notRead_notOverwritten() throws {
        let newer = "{\"count\":1,\"format\":\"discover-queue\",\"version\":3}\n{\"whatever\":1}\n"
        try Data(newer.utf8).write(to: outboxURL)
        let store = outbox()
        let loaded = store.load()
        #expect(loaded.items.isEmpty)
        #expect(loaded.problem != nil)
        try StoreWrites.wait(on: scheduler) { store.save([Self.messages[0]], completion: $0) }.get()
        #expect(FileManager.default.contents(atPath: outboxURL.path + ".unreadable-1") == Data(newer.utf8))
    }

    @Test func aFileWithoutAHeader_isDamage_movedAside_notGuessedAt() throws {
        // One JSON array, say: not a queue file of any version.
        let array = try JSONEncoder().encode(Self.messages)
        try array.write(to: outboxURL)
        let loaded = outbox().load()
        #expect(loaded.items.isEmpty)
        #expect(loaded.problem != nil)
        #expect(FileManager.default.contents(atPath: outboxURL.path + ".unreadable-1") == array)
    }

    @Test func theTemporaryFilesOfACrashedWrite_areRemovedWhenAStoreOpensItsFolder() throws {
        let leftovers = [".outbox.json.999999.12345.tmp", ".swipes.json.2.9.tmp"]
        for name in leftovers + ["notes.txt", ".hidden"] {
            try Data("access-token".utf8).write(to: directory.url.appendingPathComponent(name))
        }
        _ = outbox().load()
        scheduler.runDue()
        #expect(directory.filePaths() == [".hidden", "notes.txt"])
    }

    @Test func aTemporaryFileOfThisProcess_isLeftToItsWrite() throws {
        let mine = ".outbox.json.\(ProcessInfo.processInfo.processIdentifier).7.tmp"
        try Data().write(to: directory.url.appendingPathComponent(mine))
        _ = outbox().load()
        scheduler.runDue()
        #expect(directory.filePaths() == [mine])
    }
}
