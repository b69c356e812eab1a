import Foundation
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite struct FileUserDataStoreTests {
    let directory = TemporaryDirectory()
    let scheduler = VirtualScheduler(now: Date(timeIntervalSince1970: 0))

    @Test func eachUser_getsAnOwnerOnlyFolder_namedSafely() throws {
        let store = FileUserDataStore(rootURL: directory.url)
        let folder = try store.directory(for: UserID("../@evil:localhost"))
        #expect(folder.deletingLastPathComponent().standardizedFileURL == directory.url.standardizedFileURL)
        let permissions =
            try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
    }

    @Test func removeAll_deletesOnlyThatUsersData() throws {
        let store = FileUserDataStore(rootURL: directory.url, scheduler: scheduler)
        try AtomicFile.write(
            Data("a".utf8), to: try store.directory(for: "alice").appendingPathComponent("outbox"))
        try AtomicFile.write(
            Data("b".utf8), to: try store.directory(for: "bob").appendingPathComponent("outbox"))
        try StoreWrites.wait(on: scheduler) { store.removeAll(for: "alice", completion: $0) }.get()
        try StoreWrites.wait(on: scheduler) { store.removeAll(for: "alice", completion: $0) }.get()
        #expect(!FileManager.default.fileExists(atPath: store.location(of: "alice").path))
        #expect(
            FileManager.default.fileExists(
                atPath: store.location(of: "bob").appendingPathComponent("outbox").path))
    }
}
