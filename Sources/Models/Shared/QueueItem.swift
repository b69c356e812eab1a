/// An item of durable work: a swipe, a message, or any request the app must deliver exactly once.
///
/// It is saved before it is sent and kept in a ``SendQueue`` until the server confirmed it.
public protocol QueueItem: Hashable, Codable, Sendable {
    /// Its transaction id: the server applies each one once.
    var id: String { get }
    /// The order it keeps its place in (a conversation, or the deck): a lane sends one item at a
    /// time, oldest first.
    var lane: String { get }
    /// The id of an item that must reach the server first (a message's match's swipe), if any.
    var dependsOn: String? { get }
}
