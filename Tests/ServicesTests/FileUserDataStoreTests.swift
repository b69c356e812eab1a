import Foundation
import Models
import Services
import TestSupport
import Testing

@Suite struct FileUserDataStoreTests {
    let directory = TemporaryDirectory()

    @Test func eachUser_getsAnOwnerOnlyFolder_namedSafely() throws {
        let store = FileUserDataStore(rootURL: directory.url)
        let folder = try store.directory(for: UserID("../@evil:localhost"))
        #expect(folder.deletingLastPathComponent().standardizedFileURL == directory.url.standardizedFileURL)
        let permissions =
            try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
    }

    @Test func removeAll_deletesOnlyThatUsersData() throws {
        let store = FileUserDataStore(rootURL: directory.url)
        try AtomicFile.write(
            Data("a".utf8), to: try store.directory(for: "alice").appendingPathComponent("outbox"))
        try AtomicFile.write(
            Data("b".utf8), to: try store.directory(for: "bob").appendingPathComponent("outbox"))
        try store.removeAll(for: "alice")
        try store.removeAll(for: "alice")
        #expect(!FileManager.default.fileExists(atPath: store.location(of: "alice").path))
        #expect(
            FileManager.default.fileExists(
                atPath: store.location(of: "bob").appendingPathComponent("outbox").path))
    }
}
