import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// `discover serve` as a process: a test driver reads the port from its first line, talks HTTP, and
/// ends it with SIGTERM.
@Suite struct CLIServeTests {
    @Test func serve_printsItsAddress_answersThePage_andStopsCleanlyOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["serve", "--port", "0"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = Pipe()
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // The first line, read as it comes (bounded: the server prints it once listening).
        var text = ""
        let reader = stdout.fileHandleForReading
        let deadline = ContinuousClock.now + .seconds(30)
        while !text.contains("\n"), ContinuousClock.now < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = try #require(text.split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix("Serving on http://127.0.0.1:"))
        let address = try #require(URL(string: String(line.dropFirst("Serving on ".count))))
        let port = try #require(address.port)
        #expect(port > 0)
        let (body, response) = try await URLSession.shared.data(
            from: address.appendingPathComponent("app.css"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(!body.isEmpty)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func serve_refusesARemoteHomeserverOverHTTP_andABadPort() throws {
        let remote = try CLITests().discover([
            "serve", "--backend", "matrix", "--homeserver", "http://matrix.example.org",
        ])
        #expect(remote.status == 2)
        #expect(remote.stderr.hasPrefix("discover serve: refusing the homeserver"))
        let port = try CLITests().discover(["serve", "--port", "70000"])
        #expect(port.status == 2)
        #expect(port.stderr.hasPrefix("discover serve: --port takes a number"))
    }

    @Test func serve_withADataFolderWhoseWorldCannotBeRestored_refusesToStart_sayingWhy() throws {
        let folder = TemporaryDirectory()
        let world = folder.url.appendingPathComponent("world.json")
        try Data(#"{"version":99}"#.utf8).write(to: world)
        let outcome = try CLITests().discover(["serve", "--port", "0", "--data", folder.url.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr.hasPrefix(
                "discover serve: cannot restore the world from \(world.path): it is of version 99"))
        #expect(try Data(contentsOf: world) == Data(#"{"version":99}"#.utf8))
    }
}
