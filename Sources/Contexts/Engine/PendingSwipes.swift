import Interactors
import Models

/// What the chat knows of the deck's swipe queue: which likes have not reached the server, and whom
/// each of them likes, so a message to a new match waits for the swipe that made it.
///
/// Passes are not kept: no conversation, so no message, waits for one.
///
/// One per session, made by ``SessionScope`` and shared by ``DeckContext`` (which tells it) and
/// ``ChatContext`` (which asks it). Until the deck has read its queue, every swipe counts as pending:
/// a message kept from an earlier run never overtakes a swipe still on disk.
@MainActor
public final class PendingSwipes {
    private var isLoaded = false
    /// The likes not on the server yet, by swipe id.
    private var pending: [String: PendingLike] = [:]
    /// The swipes refused for good, with why.
    private var refused: [String: String] = [:]
    /// The conversations of matches the client saw swipes make that the server did not make, not
    /// taken yet (``takeUnmadeMatches()``).
    private var unmade: [String] = []
    private let registry = ObserverRegistry<Void>()

    /// Creates an empty record (nothing loaded yet).
    public init() {}

    /// Calls `observer` whenever a like settles or a swipe is refused (or the deck read its queue),
    /// until the token goes.
    public func observe(_ observer: @escaping @MainActor @Sendable () -> Void) -> ObservationToken {
        registry.add { _ in observer() }
    }

    /// The matches the client saw the pending swipes make, oldest first: their conversations exist
    /// before the server has the swipes.
    public var matches: [Match] {
        pending.values.compactMap(\.match).sorted { ($0.matchedAt, $0.id) < ($1.matchedAt, $1.id) }
    }

    /// The queued like of `person`, if one is still pending: a message to them waits for it.
    public func swipe(liking person: UserID) -> String? {
        pending.first { $0.value.person == person }?.key
    }

    /// Where the swipe with id `id` is: pending until the deck read its queue and while it is queued.
    public func dependency(of id: String) -> SendQueuePolicy.Dependency {
        if let reason = refused[id] { return .refused(reason) }
        return !isLoaded || pending[id] != nil ? .pending : .settled
    }

    /// The deck read its queue (or none) from the store: these swipes are pending.
    func loaded(_ swipes: [Swipe]) {
        for swipe in swipes { queued(swipe) }
        isLoaded = true
        changed()
    }

    /// A swipe joined the queue: kept if it is a like or a super like (no message waits for a pass).
    func queued(_ swipe: Swipe) {
        guard swipe.action != .pass else { return }
        pending[swipe.id] = PendingLike(person: swipe.candidate, match: swipe.match)
    }

    /// A swipe reached the server. Observers hear of a like (a message may wait for it), not of a
    /// pass: nothing waits for one.
    func settled(_ id: String) {
        let wasPending = pending.removeValue(forKey: id) != nil
        if wasPending || !unmade.isEmpty { changed() }
    }

    /// A swipe was refused for good, with why.
    func refused(_ id: String, reason: String) {
        pending[id] = nil
        refused[id] = reason
        changed()
    }

    /// The swipe with id `id`, which the client saw make a match, reached the server (or was refused)
    /// without making it: its conversation is undone at the next change.
    func matchNotMade(_ id: String) {
        guard let match = pending[id]?.match else { return }
        unmade.append(match.id)
    }

    /// The conversations of matches that pending swipes seemed to make and the server did not (the
    /// like became an ordinary like, or was refused), each answered once.
    public func takeUnmadeMatches() -> [String] {
        defer { unmade = [] }
        return unmade
    }

    private func changed() {
        for observer in registry.callbacks { observer(()) }
    }
}

/// A like not on the server yet: whom it likes, and the match the client saw it make, if any.
private struct PendingLike {
    let person: UserID
    let match: Match?
}
