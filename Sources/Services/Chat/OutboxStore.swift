import Foundation
import Models

/// Keeps messages that have not reached the server, in order, across relaunches.
public protocol OutboxStore: Sendable {
    /// The waiting messages, oldest first.
    func load() throws(StoreError) -> [OutgoingMessage]

    /// Replaces the waiting messages.
    func save(_ messages: [OutgoingMessage]) throws(StoreError)
}

/// An ``OutboxStore`` on one owner-only JSON file in the user's data folder.
public struct FileOutboxStore: OutboxStore {
    private let file: JSONFileStore<[OutgoingMessage]>

    /// Creates a store on `fileURL`.
    public init(fileURL: URL) { file = JSONFileStore(fileURL: fileURL) }

    /// The waiting messages, oldest first.
    public func load() throws(StoreError) -> [OutgoingMessage] { try file.load() ?? [] }

    /// Replaces the waiting messages; none removes the file.
    public func save(_ messages: [OutgoingMessage]) throws(StoreError) {
        if messages.isEmpty { try file.delete() } else { try file.save(messages) }
    }
}
