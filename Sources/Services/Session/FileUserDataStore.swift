import Foundation
import Models

/// A ``UserDataStore`` with one owner-only folder per user under a root folder.
///
/// Folder names are the hex of the user id's UTF-8 bytes, so any id is a safe single path component.
public struct FileUserDataStore: UserDataStore {
    /// The folder holding every user's folder.
    public let rootURL: URL

    /// Creates a store under `rootURL`; nothing is touched until the first call.
    public init(rootURL: URL) { self.rootURL = rootURL }

    /// The user's folder, created owner-only if missing.
    public func directory(for user: UserID) throws(StoreError) -> URL {
        let url = location(of: user)
        try AtomicFile.createDirectory(url)
        return url
    }

    /// The user's swipe queue: `swipes.json` in the user's folder (the folder is created owner-only).
    public func swipeQueue(for user: UserID) throws(StoreError) -> any SwipeQueueStore {
        FileSwipeQueueStore(fileURL: try directory(for: user).appendingPathComponent("swipes.json"))
    }

    /// The user's outbox: `outbox.json` in the user's folder (the folder is created owner-only).
    public func outbox(for user: UserID) throws(StoreError) -> any OutboxStore {
        FileOutboxStore(fileURL: try directory(for: user).appendingPathComponent("outbox.json"))
    }

    /// Deletes the user's folder.
    public func removeAll(for user: UserID) throws(StoreError) {
        try AtomicFile.remove(location(of: user))
    }

    /// Where the user's folder is, whether or not it exists.
    public func location(of user: UserID) -> URL {
        let name = user.rawValue.utf8.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return rootURL.appendingPathComponent("u" + name, isDirectory: true)
    }
}
