import Foundation
import Models
import Services

/// Keeps each user's last `/sync` `next_batch` token in a file, so the live feed resumes where it
/// stopped after a relaunch instead of starting over.
///
/// One owner-only file per user under `directory`, written atomically, named `sync.<hex>.json` where
/// `<hex>` is the hexadecimal of the user id's UTF-8 bytes: any id is one safe file name and two ids
/// never share a file. The file is removed at logout and when the session is revoked
/// (``remove(of:)``).
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

    /// Deletes the stored token of `user`; nothing there is fine.
    public func remove(of user: String) {
        try? store(for: user).delete()
    }

    /// The file holding `user`'s token.
    public func fileURL(of user: String) -> URL {
        let hex = user.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return directory.appendingPathComponent("sync.\(hex).json")
    }

    private func store(for user: String) -> JSONFileStore<Stored> {
        JSONFileStore(fileURL: fileURL(of: user))
    }
}
