import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// The default file stores never read or write a file on the main actor's thread (the main thread in
/// an app): a whole journey (sign in, swipes, messages kept offline, a relaunch that reads them back,
/// logout) makes no `read` or `write` system call from it, as the kernel counts them for the thread
/// (`/proc/thread-self/io`).
@MainActor
@Suite struct MainThreadDiskTests {
    /// The read and write system calls this thread has made, as the kernel counts them; `nil` where
    /// the kernel does not tell.
    static func systemCalls() -> (reads: Int, writes: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else {
            return nil
        }
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2 {
                counts[String(parts[0])] = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let reads = counts["syscr"], let writes = counts["syscw"] else { return nil }
        return (reads, writes)
    }

    /// The system calls `body` made on this thread, less what counting them costs.
    static func systemCalls(during body: () throws -> Void) rethrows -> (reads: Int, writes: Int)? {
        guard let first = systemCalls(), let second = systemCalls() else { return nil }
        let counting = (second.reads - first.reads, second.writes - first.writes)
        try body()
        guard let last = systemCalls() else { return nil }
        return (last.reads - second.reads - counting.0, last.writes - second.writes - counting.1)
    }

    @Test func aWholeJourneyWithTheDefaultFileStores_readsAndWritesNoFileOnTheMainActorsThread() throws {
        let world = TestWorld()
        world.match("alice", "bob")
        let conversation = Match.id(between: "alice", and: "bob")
        let calls = try Self.systemCalls {
            try world.signIn("alice")
            try world.app.tap("Pass")
            try world.app.tap("Like")
            world.server.isNetworkDown = true
            _ = world.app.mainFlow?.chat.send("Kept while offline", to: conversation)
            try world.app.tap("Pass")
            world.app.settle()
            world.app.terminate()
            world.server.isNetworkDown = false
            world.app.relaunch()
            world.app.settle()
            try world.app.tap("Log out")
            try world.app.tap("Log out")
            world.app.settle()
        }
        try #require(calls != nil, "this kernel does not count a thread's system calls")
        #expect(calls?.reads == 0)
        #expect(calls?.writes == 0)
        #expect(world.server.messages(between: "alice", and: "bob").map(\.text) == ["Kept while offline"])
    }
}
