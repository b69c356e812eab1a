import Foundation
import Models
import TestSupport
import Testing

@testable import MatrixBackend

/// The live feed's stored tokens: one file per user that no other user can share, gone at logout.
struct MatrixSyncTokenStoreTests {
    @Test func idsThatCollidedUnderTheOldNaming_nowHaveFilesOfTheirOwn() throws {
        let folder = TemporaryDirectory()
        let store = MatrixSyncTokenStore(directory: folder.url)
        store.save("s_dot", of: "@a.b:x")
        store.save("s_underscore", of: "@a_b:x")
        store.save("s_slash", of: "@a/b:x")
        #expect(store.token(of: "@a.b:x") == "s_dot")
        #expect(store.token(of: "@a_b:x") == "s_underscore")
        #expect(store.token(of: "@a/b:x") == "s_slash")
        #expect(store.fileURL(of: "@a.b:x") != store.fileURL(of: "@a_b:x"))
    }

    @Test func fileNames_areOneSafeComponent_forAnyId() throws {
        let folder = TemporaryDirectory()
        let store = MatrixSyncTokenStore(directory: folder.url)
        for id in ["..", "../../etc/passwd", "@\u{0}:x", "@zoë:東京", String(repeating: "@", count: 100)] {
            let url = store.fileURL(of: id)
            #expect(url.deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL)
            #expect(
                url.lastPathComponent.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
            store.save("t", of: id)
            #expect(store.token(of: id) == "t")
        }
    }

    @Test func remove_deletesTheUsersFile_only() throws {
        let folder = TemporaryDirectory()
        let store = MatrixSyncTokenStore(directory: folder.url)
        store.save("mine", of: "@a.b:x")
        store.save("theirs", of: "@a_b:x")
        store.remove(of: "@a.b:x")
        #expect(store.token(of: "@a.b:x") == nil)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(of: "@a.b:x").path))
        #expect(store.token(of: "@a_b:x") == "theirs")
        store.remove(of: "@nobody:x")
    }
}
