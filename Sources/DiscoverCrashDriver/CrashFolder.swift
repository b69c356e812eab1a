import Foundation
import Services

/// The crash test's folder: the app's files, the server's ledger, the log of items made, and the
/// launch counter.
struct CrashFolder {
    /// The folder.
    let root: URL

    /// The app's storage (the session, the users' queues): what the crash must not damage.
    var app: URL { root.appendingPathComponent("app", isDirectory: true) }
    /// The server's ledger (``Ledger``).
    var ledger: URL { root.appendingPathComponent("ledger.jsonl") }
    /// The items made durable (``MadeLog``).
    var made: URL { root.appendingPathComponent("made.jsonl") }
    /// How many launches began.
    var launches: URL { root.appendingPathComponent("launches") }

    /// The launches begun so far.
    func launchCount() -> Int {
        (try? String(contentsOf: launches, encoding: .utf8)).flatMap { Int($0) } ?? 0
    }

    /// Counts a new launch (written atomically before anything else) and answers its number.
    func beginLaunch() throws(StoreError) -> Int {
        let launch = launchCount() + 1
        try AtomicFile.write(Data(String(launch).utf8), to: launches)
        return launch
    }
}
