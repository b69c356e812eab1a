import Foundation
import Models
import Services

/// Keeps each user's last `/sync` `next_batch` token in a file, so the live feed resumes where it
/// stopped after a relaunch instead of starting over.
///
/// One owner-only file per user under `directory`, written atomically.
public struct MatrixSyncTokenStore: Sendable {
    /// The folder holding the files.
    public let directory: URL

    /// Creates a store over `directory`.
    public init(directory: URL) { self.directory = directory }

    private struct Stored: Codable, Sendable {
        var nextBatch: String
    }

    /// The stored token of `user`, or `nil` (none, or a file that cannot be read: the feed starts over).
    public func token(of user: String) -> String? {
        (try? store(for: user).load())?.nextBatch
    }

    /// Stores `token` for `user`; a failed write only means the next start reads more.
    public func save(_ token: String, of user: String) {
        try? store(for: user).save(Stored(nextBatch: token))
    }

    private func store(for user: String) -> JSONFileStore<Stored> {
        let safe = String(
            user.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" })
        return JSONFileStore(fileURL: directory.appendingPathComponent("sync-\(safe).json"))
    }
}
