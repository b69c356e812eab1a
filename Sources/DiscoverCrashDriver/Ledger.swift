import Foundation
import Models

/// The crash test's server-side record: every message and swipe the server accepted, in order, in
/// an append-only file beside the app's folder, so the server's state survives the kill too.
///
/// The embedded server keeps its state in memory; the driver's server is the embedded server of each
/// launch plus this ledger. An item is recorded when the server takes the request (the embedded
/// server applies a request when it is made and delivers the answer later): a server that commits
/// before it answers. A kill before the record is a request the server never saw; after it, an answer
/// the app may not have heard, so the app sends the item again, and the ledger keeps its first record
/// (idempotent by id across launches). An answer that is a failure is recorded too: the crash test
/// expects none.
@MainActor
final class Ledger {
    /// One item the server took, or one failure it answered.
    struct Record: Codable {
        /// `message`, `swipe` or `failure`.
        var kind: String
        /// The transaction id or swipe id.
        var id: String
        /// The message as sent.
        var message: OutgoingMessage?
        /// The swipe as sent.
        var swipe: Swipe?
        /// The failure answered.
        var failure: String?
    }

    /// The records, in order (every launch's).
    private(set) var records: [Record]
    private var recorded: Set<String>
    private let file: LineFile?

    /// Reads the ledger at `path` and opens it for appending.
    init(path: String) {
        records = LineFile.lines(of: path, as: Record.self).values
        recorded = Set(records.map { $0.kind + " " + $0.id })
        file = LineFile(path: path)
    }

    /// Records an item the server took, unless it took it before.
    func took(_ record: Record) {
        guard recorded.insert(record.kind + " " + record.id).inserted else { return }
        records.append(record)
        file?.append(record)
    }

    /// Records a failure the server answered.
    func failed(_ id: String, _ error: ServiceError) {
        let record = Record(kind: "failure", id: id, failure: String(describing: error))
        records.append(record)
        file?.append(record)
    }

    /// The swipes taken, in order.
    var swipes: [Swipe] { records.compactMap(\.swipe) }
}
