import Foundation
import Services

/// The crash test's verdict over a folder: every item made was delivered exactly once, in order per
/// conversation, no file was left unreadable, no temporary file was left.
@MainActor
struct CrashCheck {
    /// What the folder shows.
    struct Counts {
        var launches = 0
        var madeMessages = 0
        var madeSwipes = 0
        var deliveredMessages = 0
        var deliveredSwipes = 0
        var duplicates = 0
        var lost = 0
        /// Delivered but never on disk: sent before its save completed.
        var unsaved = 0
        var outOfOrder = 0
        var unreadable = 0
        /// Failures the server answered (none expected).
        var failures = 0
        var temporary = 0

        /// Whether the run kept every promise.
        var passed: Bool {
            duplicates == 0 && lost == 0 && unsaved == 0 && outOfOrder == 0 && unreadable == 0
                && temporary == 0
                && failures == 0
        }
    }

    let folder: CrashFolder

    /// Reads the logs and the app's folder.
    func counts() -> Counts {
        var counts = Counts()
        counts.launches = folder.launchCount()
        let made = LineFile.lines(of: folder.made.path, as: MadeLog.Entry.self)
        let ledger = LineFile.lines(of: folder.ledger.path, as: Ledger.Record.self)
        counts.unreadable += made.unreadable + ledger.unreadable
        let messages = ledger.values.compactMap(\.message)
        counts.failures = ledger.values.filter { $0.kind == "failure" }.count
        let swipes = ledger.values.compactMap(\.swipe)
        counts.deliveredMessages = messages.count
        counts.deliveredSwipes = swipes.count
        counts.madeMessages = made.values.filter { $0.kind == "message" }.count
        counts.madeSwipes = made.values.filter { $0.kind == "swipe" }.count
        // Exactly once: a text (one message made) or a card (one swipe made) delivered once.
        counts.duplicates = duplicates(messages.map(\.text)) + duplicates(swipes.map(\.candidate.rawValue))
        let delivered = Set(messages.map(\.text)).union(swipes.map(\.id))
        counts.lost =
            made.values.filter { !delivered.contains($0.kind == "message" ? $0.detail : $0.id) }.count
        let saved = Set(made.values.map { $0.kind == "message" ? $0.detail : $0.id })
        counts.unsaved = (messages.map(\.text) + swipes.map(\.id)).filter { !saved.contains($0) }.count
        counts.outOfOrder = outOfOrder(messages.map(\.text))
        let files = appFiles()
        counts.unreadable += files.filter { $0.contains(".unreadable-") }.count
        counts.temporary = files.filter { Self.isTemporary($0) }.count
        return counts
    }

    /// How many values repeat an earlier one.
    private func duplicates(_ values: [String]) -> Int { values.count - Set(values).count }

    /// How many messages came after a later-made one of their conversation. A text is
    /// `<person> L<launch> #<sequence>`; made order is (launch, sequence).
    private func outOfOrder(_ texts: [String]) -> Int {
        var last: [String: (Int, Int)] = [:]
        var count = 0
        for text in texts {
            let parts = text.split(separator: " ")
            guard parts.count == 3, let launch = Int(parts[1].dropFirst()),
                let sequence = Int(parts[2].dropFirst())
            else {
                count += 1
                continue
            }
            let person = String(parts[0])
            if let previous = last[person], previous >= (launch, sequence) { count += 1 }
            last[person] = (launch, sequence)
        }
        return count
    }

    /// Every file under the app's folder, by name.
    private func appFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.app.path)
        var names: [String] = []
        while let path = enumerator?.nextObject() as? String {
            names.append((path as NSString).lastPathComponent)
        }
        return names
    }

    /// Whether a name is a temporary file of a write (`.<name>.<pid>.<random>.tmp`).
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp")
    }

    /// One line of counts.
    static func line(_ counts: Counts, kills: Int?) -> String {
        let killed = kills.map { "kills=\($0) " } ?? ""
        return "\(killed)launches=\(counts.launches) made=\(counts.madeMessages + counts.madeSwipes) "
            + "(messages=\(counts.madeMessages) swipes=\(counts.madeSwipes)) "
            + "delivered=\(counts.deliveredMessages + counts.deliveredSwipes) "
            + "(messages=\(counts.deliveredMessages) swipes=\(counts.deliveredSwipes)) "
            + "duplicates=\(counts.duplicates) lost=\(counts.lost) sent-before-saved=\(counts.unsaved) "
            + "out-of-order=\(counts.outOfOrder) "
            + "unreadable=\(counts.unreadable) temporary=\(counts.temporary) failures=\(counts.failures)"
    }
}
