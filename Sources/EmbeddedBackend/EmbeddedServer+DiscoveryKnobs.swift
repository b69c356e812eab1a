import Foundation
import Models

/// The discovery's knobs: the embedded server acting as the other people ("carol already liked me")
/// and what tests read back (the swipes and matches recorded, how much of the pool paging looked at).
extension EmbeddedServer {
    /// Makes `liker` like `liked` (a scenario's "carol already liked me"); a match if `liked` liked back.
    ///
    /// Between two people one of whom blocked the other the like is recorded as `liker`'s swipe only:
    /// `liked` never hears of it, and it makes no match.
    public func like(from liker: UserID, to liked: UserID, superLike: Bool = false) {
        let now = scheduler.now
        state.withLock { state in
            state.discovery.viewers[liker, default: .init()].set(
                superLike ? .superLike : .like, on: liked, poolIndex: pool.index(of: liked))
            guard !state.chat.blocked.contains(Self.pair(liker, liked)) else { return }
            state.discovery.likesReceived[liked, default: [:]][liker] = superLike
            if pool.index(of: liker) != nil { state.discovery.poolIdsMayLike = true }
            if state.discovery.likesReceived[liker]?[liked] != nil {
                recordMatch(in: &state, liker, liked, at: now)
            }
        }
    }

    /// Takes back `liker`'s like (or super like) of `liked` that has not made a match: `liked` no
    /// longer sees that `liker` liked them, liking `liker` makes no match, and `liker` may meet
    /// `liked` in their deck again.
    ///
    /// Throws ``Models/ServiceError/rejected(_:)`` when the like already made a match (ending it is an
    /// unmatch) and ``Models/ServiceError/notFound`` when `liker` has no like of `liked` waiting.
    public func withdrawLike(from liker: UserID, to liked: UserID) throws(ServiceError) {
        let result = state.withLock { state -> Result<Void, ServiceError> in
            guard state.discovery.matches[Match.id(between: liker, and: liked)] == nil else {
                return .failure(.rejected("The like made a match: unmatch instead."))
            }
            guard state.discovery.likesReceived[liked]?.removeValue(forKey: liker) != nil else {
                return .failure(.notFound)
            }
            state.discovery.viewers[liker]?.set(nil, on: liked, poolIndex: pool.index(of: liked))
            return .success(())
        }
        try result.get()
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
