import Models

/// The rules of a send queue: which items go now, and what a failed attempt means.
///
/// Items keep their order within a lane (a conversation, or the deck): a lane sends one item at a
/// time, its oldest unfinished one, and only once what that item depends on has reached the server.
/// A failure holds up only its own lane while it is retried (a bounded number of times) and the
/// items that depend on it; a final refusal or a failure past the bound steps aside, so the items
/// behind it go on.
public enum SendQueuePolicy {
    /// The attempts made for an item failing with a server fault before it shows as failed (Retry /
    /// Delete) and steps aside. Going offline does not count: the item waits for the network.
    public static let maximumAttempts = 8

    /// What the policy knows of one queued item.
    public struct Entry: Hashable, Sendable {
        /// The item's id (its transaction id).
        public var id: String
        /// The order it keeps its place in: a conversation, or the deck.
        public var lane: String
        /// The id of an item (of this queue or another) that must reach the server first.
        public var dependsOn: String?
        /// Where it is.
        public var state: SendState
        /// Whether a retry of it is scheduled: its lane waits for it.
        public var isBackingOff: Bool
        /// Whether a finished save holds it: an item is never sent before, and its lane waits for it.
        public var isSaved: Bool

        /// Creates an entry.
        public init(
            id: String, lane: String, dependsOn: String?, state: SendState, isBackingOff: Bool,
            isSaved: Bool = true
        ) {
            self.id = id
            self.lane = lane
            self.dependsOn = dependsOn
            self.state = state
            self.isBackingOff = isBackingOff
            self.isSaved = isSaved
        }
    }

    /// Where an item that others depend on is.
    public enum Dependency: Hashable, Sendable {
        /// Not on the server yet: the items depending on it wait.
        case pending
        /// On the server (or not known to be queued): it holds nothing up.
        case settled
        /// Refused for good, with why: the items depending on it cannot succeed.
        case refused(String)
    }

    /// What a failed attempt means for the item.
    public enum Verdict: Hashable, Sendable {
        /// Try again later (after ``RetryPolicy``'s delay, or when the network returns); the lane waits.
        case retry(reason: String)
        /// Stop trying: show it failed with `reason`, offer Retry / Delete, and let the lane go on.
        case giveUp(reason: String)
        /// A refusal that cannot succeed: final, with `reason`, never offered for retry.
        case refuse(reason: String)
    }

    /// What an item's place in its lane means for the lane now.
    public enum Turn: Hashable, Sendable {
        /// It is sent or has failed and stepped aside: look at the item behind it.
        case passes
        /// It holds the lane (on its way, backing off, waiting for its dependency or for its save):
        /// nothing behind it goes.
        case holds
        /// It goes now, and holds the lane.
        case goes
    }

    /// What `entry`, the oldest item of its lane not yet looked at, means for the lane.
    public static func turn(of entry: Entry, dependency: (String) -> Dependency) -> Turn {
        switch entry.state {
        case .sent:
            return .passes
        case .failed:
            return entry.isBackingOff ? .holds : .passes
        case .sending:
            return .holds
        case .waiting:
            if let dependsOn = entry.dependsOn, dependency(dependsOn) != .settled { return .holds }
            return entry.isSaved ? .goes : .holds
        }
    }

    /// The ids of the items to send now, oldest first: in each lane with nothing on its way or backing
    /// off, the oldest waiting item whose dependency has settled, once saved. Items that failed step
    /// aside.
    ///
    /// Each lane is decided by its first items (``turn(of:dependency:)``): a queue that keeps its
    /// lanes apart asks only about their heads.
    public static func ready(_ entries: [Entry], dependency: (String) -> Dependency) -> [String] {
        var decided: Set<String> = []
        var ready: [String] = []
        for entry in entries where !decided.contains(entry.lane) {
            switch turn(of: entry, dependency: dependency) {
            case .passes:
                continue
            case .holds:
                decided.insert(entry.lane)
            case .goes:
                decided.insert(entry.lane)
                ready.append(entry.id)
            }
        }
        return ready
    }

    /// Why `entry` cannot succeed, if it waits for an item that was refused for good.
    public static func orphanReason(of entry: Entry, dependency: (String) -> Dependency) -> String? {
        guard entry.state == .waiting, let dependsOn = entry.dependsOn,
            case .refused(let reason) = dependency(dependsOn)
        else { return nil }
        return reason
    }

    /// The waiting items whose dependency was refused for good, with why they fail too.
    public static func orphaned(_ entries: [Entry], dependency: (String) -> Dependency) -> [(
        id: String, reason: String
    )] {
        entries.compactMap { entry in
            orphanReason(of: entry, dependency: dependency).map { (entry.id, $0) }
        }
    }

    /// What error `error` on attempt number `attempt` (1 for the first) of an item means.
    ///
    /// Offline: retry without end (the retry waits for the network). A server fault, an answer that
    /// cannot be read or a rate limit: retry, up to ``maximumAttempts``, then give up (retryable by
    /// hand). A refusal (rejected, not found, refused credentials): final.
    public static func verdict(after error: ServiceError, attempt: Int) -> Verdict {
        switch error {
        case .networkUnavailable, .tokenExpired, .tokenRevoked:
            return .retry(reason: "No connection")
        case .server(let reason), .malformedResponse(let reason):
            return bounded(reason.isEmpty ? "Server error" : reason, attempt: attempt)
        case .rateLimited:
            return bounded("Too many requests", attempt: attempt)
        case .rejected(let reason):
            return .refuse(reason: reason.isEmpty ? "Refused by the server" : reason)
        case .notFound:
            return .refuse(reason: "No longer available")
        case .invalidCredentials, .accountExists:
            return .refuse(reason: "Refused by the server")
        }
    }

    private static func bounded(_ reason: String, attempt: Int) -> Verdict {
        attempt >= maximumAttempts ? .giveUp(reason: reason) : .retry(reason: reason)
    }
}
