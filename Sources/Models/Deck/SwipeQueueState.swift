/// The deck's swipe queue as the app shows it (``DeckState/queue``): how many swipes wait to reach
/// the server, and how sending them goes.
public struct SwipeQueueState: Hashable, Sendable {
    /// The swipes waiting in the persistent queue to reach the server (undos of passes not counted).
    public var count = 0
    /// Whether sending the queued swipes failed and waits to try again (offline, a server error).
    ///
    /// The deck says swipes are waiting only then: a swipe on its way for one round trip is not news.
    public var isSendingDelayed = false
    /// The swipes the queue gave up on after its bounded retries (a server failing again and again):
    /// they wait for the user's "Retry sending" (or the next launch), and the deck says so.
    public var unsent = 0

    /// Creates an empty queue.
    public init() {}

    /// Creates a queue holding `count` swipes, `unsent` of them given up on.
    public init(count: Int, isSendingDelayed: Bool, unsent: Int) {
        self.count = count
        self.isSendingDelayed = isSendingDelayed
        self.unsent = unsent
    }

    /// The swipes the deck says are waiting: those not given up on, and only while sending is delayed.
    public var waitingToShow: Int { isSendingDelayed ? count - unsent : 0 }
}
