import Foundation
import Models

/// The discovery's knobs: the embedded server acting as the other people ("carol already liked me")
/// and what tests read back (the swipes and matches recorded, how much of the pool paging looked at).
extension EmbeddedServer {
    /// Makes `liker` like `liked` (a scenario's "carol already liked me"); a match if `liked` liked back.
    public func like(from liker: UserID, to liked: UserID, superLike: Bool = false) {
        let now = scheduler.now
        state.withLock { state in
            state.discovery.likesReceived[liked, default: [:]][liker] = superLike
            if pool.index(of: liker) != nil { state.discovery.poolIdsMayLike = true }
            state.discovery.viewers[liker, default: .init()].set(
                superLike ? .superLike : .like, on: liked, poolIndex: pool.index(of: liked))
            if state.discovery.likesReceived[liker]?[liked] != nil {
                recordMatch(in: &state, liker, liked, at: now)
            }
        }
    }

    /// The matches of a user, most recent first.
    public func matches(of user: UserID) -> [Match] {
        state.withLock { state in matches(of: user, in: state) }
    }

    /// What `viewer` did to `candidate`, as the server recorded it.
    public func recordedSwipe(by viewer: UserID, on candidate: UserID) -> SwipeAction? {
        state.withLock {
            $0.discovery.viewers[viewer]?.action(on: candidate, poolIndex: pool.index(of: candidate))
        }
    }

    /// How many swipes of `viewer` the server recorded.
    public func swipeCount(of viewer: UserID) -> Int {
        state.withLock { $0.discovery.viewers[viewer]?.count ?? 0 }
    }

    /// Whether `liked` received a super like from `liker`.
    public func receivedSuperLike(_ liked: UserID, from liker: UserID) -> Bool {
        state.withLock { $0.discovery.likesReceived[liked]?[liker] == true }
    }

    /// How many pool positions page requests have looked at, in all (proves paging is linear).
    public var positionsScanned: Int { state.withLock { $0.discovery.positionsScanned } }
}
