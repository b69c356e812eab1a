import Foundation
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite struct FileSessionStoreTests {
    let directory = TemporaryDirectory()
    var fileURL: URL { directory.url.appendingPathComponent("nested/session.json") }
    let session = StoredSession.alice
    let scheduler = VirtualScheduler(now: Date(timeIntervalSince1970: 0))
    let writer = DiskWriter()

    func permissions(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? Int
    }

    /// A store on the test's file, writer and clock.
    func makeStore() -> FileSessionStore {
        FileSessionStore(fileURL: fileURL, writer: writer, scheduler: scheduler)
    }

    /// Saves `session` and waits for the write.
    func save(_ session: StoredSession, in store: FileSessionStore) throws {
        try StoreWrites.wait(on: scheduler) { store.save(session, completion: $0) }.get()
    }

    @Test func missingFile_loadsAsNoSession() throws {
        #expect(try makeStore().load() == nil)
    }

    @Test func savedSession_loadsBackEqual() throws {
        let store = makeStore()
        try save(session, in: store)
        #expect(try store.load() == session)
    }

    @Test func aLoadRightAfterASave_seesIt_beforeItsCompletionRan() throws {
        let store = makeStore()
        store.save(session) { _ in }
        #expect(try store.load() == session)
        scheduler.runDue()
    }

    @Test func savedFile_isOwnerOnly_inAnOwnerOnlyFolder_withNoTemporaryFilesLeft() throws {
        try save(session, in: makeStore())
        try save(session, in: makeStore())
        #expect(permissions(fileURL) == 0o600)
        #expect(permissions(fileURL.deletingLastPathComponent()) == 0o700)
        #expect(directory.filePaths() == ["nested", "nested/session.json"])
    }

    @Test(arguments: ["", "{", "not json at all", "{\"version\": 1}", "\u{0}\u{1}\u{2}"])
    func corruptedOrTruncatedFile_isReportedAsUnreadable(_ contents: String) throws {
        try AtomicFile.write(Data(contents.utf8), to: fileURL)
        #expect(throws: StoreError.self) { try makeStore().load() }
    }

    @Test func truncatedRealSession_isUnreadable() throws {
        let store = makeStore()
        try save(session, in: store)
        let data = try Data(contentsOf: fileURL)
        try AtomicFile.write(data.prefix(data.count / 2), to: fileURL)
        #expect(throws: StoreError.self) { try store.load() }
    }

    @Test func otherVersion_isUnreadable() throws {
        var future = session
        future.version = 2
        let store = makeStore()
        try save(future, in: store)
        #expect(throws: StoreError.unreadable(path: fileURL.path, reason: "unsupported version 2")) {
            try store.load()
        }
    }

    @Test func delete_removesTheFile_andSucceedsWhenThereIsNone() throws {
        let store = makeStore()
        try save(session, in: store)
        try StoreWrites.wait(on: scheduler) { store.delete(completion: $0) }.get()
        try StoreWrites.wait(on: scheduler) { store.delete(completion: $0) }.get()
        #expect(!FileManager.default.fileExists(atPath: fileURL.path))
    }
}
