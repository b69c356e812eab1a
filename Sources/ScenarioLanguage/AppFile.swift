/// A file the app keeps for a user, as a scenario names it (`damage the outbox`).
public enum AppFile: String, Hashable, Sendable {
    /// The swipes not on the server yet.
    case swipeQueue = "swipe queue"
    /// The messages not on the server yet.
    case outbox
}
