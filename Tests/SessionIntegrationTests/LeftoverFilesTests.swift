import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// The temporary files of a crashed write (the session's hold the tokens) do not survive a launch or
/// a logout.
@MainActor
@Suite struct LeftoverFilesTests {
    let world = TestWorld()

    /// A temporary file of a write by another process, named as ``AtomicFile`` names them.
    func leaveTemporaryFile(of name: String, in folder: URL) throws -> URL {
        try AtomicFile.createDirectory(folder)
        let url = folder.appendingPathComponent(".\(name).999999.42.tmp")
        try Data("{\"accessToken\":\"secret\"}".utf8).write(to: url)
        return url
    }

    var userFolder: URL { world.backend.userDataStore.location(of: "alice") }

    @Test func temporaryFilesOfACrashedWrite_areRemovedAtLaunch() throws {
        try world.signIn()
        world.app.terminate()
        let leftovers = [
            try leaveTemporaryFile(of: "session.json", in: world.backend.storageDirectory),
            try leaveTemporaryFile(of: "outbox.json", in: userFolder),
            try leaveTemporaryFile(of: "swipes.json", in: userFolder),
        ]
        world.app.launch()
        #expect(world.app.screen?.id == .home)
        for url in leftovers { #expect(!FileManager.default.fileExists(atPath: url.path)) }
        #expect(!world.directory.allContents().contains("secret"))
    }

    @Test func temporaryFilesOfACrashedWrite_areRemovedAtLogout() throws {
        try world.signIn()
        let leftovers = [
            try leaveTemporaryFile(of: "session.json", in: world.backend.storageDirectory),
            try leaveTemporaryFile(of: "outbox.json", in: userFolder),
        ]
        try world.app.tap("Log out")
        try world.app.tap("Log out")
        #expect(world.app.screen?.id == .welcome)
        for url in leftovers { #expect(!FileManager.default.fileExists(atPath: url.path)) }
        #expect(!world.directory.allContents().contains("secret"))
    }
}
