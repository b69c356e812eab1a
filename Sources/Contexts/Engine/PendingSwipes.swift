import Interactors
import Models

/// What the chat knows of the deck's swipe queue: which likes have not reached the server, and whom
/// each of them likes, so a message to a new match waits for the swipe that made it.
///
/// Passes are not kept: no conversation, so no message, waits for one.
///
/// One per session, made by ``SessionScope`` and shared by ``DeckContext`` (which tells it) and
/// ``ChatContext`` (which observes its ``store``). Until the deck has read its queue, every swipe
/// counts as pending: a message kept from an earlier run never overtakes a swipe still on disk.
@MainActor
public final class PendingSwipes {
    /// What the deck's queue holds of likes.
    public struct State: Hashable, Sendable {
        /// Whether the deck has read its queue.
        public var isLoaded = false
        /// The likes not on the server yet, by swipe id.
        public var pending: [String: PendingLike] = [:]
        /// The swipes refused for good, with why.
        public var refused: [String: String] = [:]
        /// The conversations of matches the client saw swipes make that the server did not make, not
        /// taken yet (``PendingSwipes/takeUnmadeMatches()``).
        public var unmade: [String] = []
    }

    /// A like not on the server yet: whom it likes, and the match the client saw it make, if any.
    public struct PendingLike: Hashable, Sendable {
        /// Whom it likes.
        public let person: UserID
        /// The match the client saw it make.
        public let match: Match?
    }

    /// The record.
    ///
    /// Emits when the deck read its queue, a like settles or a swipe is refused.
    public let store = StateStore(State())

    /// Creates an empty record (nothing loaded yet).
    public init() {}

    /// The matches the client saw the pending swipes make, oldest first: their conversations exist
    /// before the server has the swipes.
    public var matches: [Match] {
        store.snapshot.pending.values.compactMap(\.match).sorted {
            ($0.matchedAt, $0.id) < ($1.matchedAt, $1.id)
        }
    }

    /// The queued like of `person`, if one is still pending: a message to them waits for it.
    public func swipe(liking person: UserID) -> String? {
        store.snapshot.pending.first { $0.value.person == person }?.key
    }

    /// Where the swipe with id `id` is: pending until the deck read its queue and while it is queued.
    public func dependency(of id: String) -> SendQueuePolicy.Dependency {
        let state = store.snapshot
        if let reason = state.refused[id] { return .refused(reason) }
        return !state.isLoaded || state.pending[id] != nil ? .pending : .settled
    }

    /// The deck read its queue (or none) from the store: these swipes are pending.
    func loaded(_ swipes: [Swipe]) {
        store.update { state in
            for swipe in swipes where swipe.action != .pass {
                state.pending[swipe.id] = PendingLike(person: swipe.candidate, match: swipe.match)
            }
            state.isLoaded = true
        }
    }

    /// A swipe joined the queue: kept if it is a like or a super like (no message waits for a pass).
    func queued(_ swipe: Swipe) {
        guard swipe.action != .pass else { return }
        store.update { $0.pending[swipe.id] = PendingLike(person: swipe.candidate, match: swipe.match) }
    }

    /// A swipe reached the server.
    func settled(_ id: String) {
        store.update { $0.pending[id] = nil }
    }

    /// A swipe was refused for good, with why.
    func refused(_ id: String, reason: String) {
        store.update { state in
            state.pending[id] = nil
            state.refused[id] = reason
        }
    }

    /// The swipe with id `id`, which the client saw make `match`, reached the server (or was refused)
    /// without making it: its conversation is undone, and the like no longer makes it.
    func matchNotMade(_ id: String, match: Match) {
        store.update { state in
            state.unmade.append(match.id)
            if let like = state.pending[id] {
                state.pending[id] = PendingLike(person: like.person, match: nil)
            }
        }
    }

    /// The conversations of matches that pending swipes seemed to make and the server did not (the
    /// like became an ordinary like, or was refused), each answered once.
    public func takeUnmadeMatches() -> [String] {
        let unmade = store.snapshot.unmade
        if !unmade.isEmpty { store.update { $0.unmade = [] } }
        return unmade
    }
}
