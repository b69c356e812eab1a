import Foundation
import Models

/// A ``SwipeQueueStore`` on one owner-only JSON file in the user's data folder.
public struct FileSwipeQueueStore: SwipeQueueStore {
    private let file: JSONFileStore<[Swipe]>

    /// Creates a store on `fileURL`.
    public init(fileURL: URL) { file = JSONFileStore(fileURL: fileURL) }

    /// The queued swipes, oldest first.
    public func load() throws(StoreError) -> [Swipe] { try file.load() ?? [] }

    /// Replaces the queue; an empty queue removes the file.
    public func save(_ swipes: [Swipe]) throws(StoreError) {
        if swipes.isEmpty { try file.delete() } else { try file.save(swipes) }
    }
}
