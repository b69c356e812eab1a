import Foundation
import Models
import Services

/// Keeps each user's last `/sync` `next_batch` token in a file, so the live feed resumes where it
/// stopped after a relaunch instead of starting over.
///
/// One owner-only file per user under `directory`, written atomically, named `sync.<hex>.json` where
/// `<hex>` is the hexadecimal of the user id's UTF-8 bytes: any id is one safe file name, two ids
/// never share a file, and no name of the earlier scheme (`sync-` then letters, digits and `_`) is one. The file is removed at logout and when the session is revoked
/// (``remove(of:)``). Files of the earlier naming (non-alphanumerics replaced by `_`, so `@a.b:x` and
/// `@a_b:x` shared one) are deleted when found, not read: a sync token is only where to resume.
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
        try? legacyStore(for: user).delete()
        return (try? store(for: user).load())?.nextBatch
    }

    /// Stores `token` for `user`; a failed write only means the next start reads more.
    public func save(_ token: String, of user: String) {
        try? store(for: user).save(Stored(nextBatch: token))
    }

    /// Deletes the stored token of `user` (and a file of the earlier naming); nothing there is fine.
    public func remove(of user: String) {
        try? store(for: user).delete()
        try? legacyStore(for: user).delete()
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

    /// The file the earlier naming used.
    private func legacyStore(for user: String) -> JSONFileStore<Stored> {
        let safe = String(
            user.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" })
        return JSONFileStore(fileURL: directory.appendingPathComponent("sync-\(safe).json"))
    }
}
