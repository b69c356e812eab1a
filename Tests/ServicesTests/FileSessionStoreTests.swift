import Foundation
import Models
import Services
import TestSupport
import Testing

@Suite struct FileSessionStoreTests {
    let directory = TemporaryDirectory()
    var fileURL: URL { directory.url.appendingPathComponent("nested/session.json") }
    let session = StoredSession.alice

    func permissions(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? Int
    }

    @Test func missingFile_loadsAsNoSession() throws {
        #expect(try FileSessionStore(fileURL: fileURL).load() == nil)
    }

    @Test func savedSession_loadsBackEqual() throws {
        let store = FileSessionStore(fileURL: fileURL)
        try store.save(session)
        #expect(try store.load() == session)
    }

    @Test func savedFile_isOwnerOnly_inAnOwnerOnlyFolder_withNoTemporaryFilesLeft() throws {
        try FileSessionStore(fileURL: fileURL).save(session)
        try FileSessionStore(fileURL: fileURL).save(session)
        #expect(permissions(fileURL) == 0o600)
        #expect(permissions(fileURL.deletingLastPathComponent()) == 0o700)
        #expect(directory.filePaths() == ["nested", "nested/session.json"])
    }

    @Test(arguments: ["", "{", "not json at all", "{\"version\": 1}", "\u{0}\u{1}\u{2}"])
    func corruptedOrTruncatedFile_isReportedAsUnreadable(_ contents: String) throws {
        try AtomicFile.write(Data(contents.utf8), to: fileURL)
        #expect(throws: StoreError.self) { try FileSessionStore(fileURL: fileURL).load() }
    }

    @Test func truncatedRealSession_isUnreadable() throws {
        let store = FileSessionStore(fileURL: fileURL)
        try store.save(session)
        let data = try Data(contentsOf: fileURL)
        try AtomicFile.write(data.prefix(data.count / 2), to: fileURL)
        #expect(throws: StoreError.self) { try store.load() }
    }

    @Test func otherVersion_isUnreadable() throws {
        var future = session
        future.version = 2
        let store = FileSessionStore(fileURL: fileURL)
        try store.save(future)
        #expect(throws: StoreError.unreadable(path: fileURL.path, reason: "unsupported version 2")) {
            try store.load()
        }
    }

    @Test func delete_removesTheFile_andSucceedsWhenThereIsNone() throws {
        let store = FileSessionStore(fileURL: fileURL)
        try store.save(session)
        try store.delete()
        try store.delete()
        #expect(!FileManager.default.fileExists(atPath: fileURL.path))
    }
}
