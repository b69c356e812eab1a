import Foundation
import Interactors
import Models
import Services

/// The candidate pool, swipes, matches and the daily allowance.
///
/// The pool is every account (in the order created) followed by ``EmbeddedServerConfiguration/candidatePoolSize``
/// generated people. A cursor is `a<n>` (the n-th account) or `g<n>` (the n-th generated person); a
/// page request scans forward from it, so reading the whole pool is linear in its size.
extension EmbeddedServer {
    /// The most pool positions one page request looks at before answering (possibly with no candidates).
    static let maximumScanPerPage = 20_000

    // MARK: Knobs

    /// Makes `liker` like `liked` (a scenario's "carol already liked me"); a match if `liked` liked back.
    public func like(from liker: UserID, to liked: UserID, superLike: Bool = false) {
        let now = scheduler.now
        state.withLock { state in
            state.discovery.likesReceived[liked, default: [:]][liker] = superLike
            if pool.index(of: liker) != nil { state.discovery.poolIdsMayLike = true }
            let position = state.discovery.position(ofViewer: liker)
            state.discovery.viewers.update(at: position) {
                $0.set(superLike ? .superLike : .like, on: liked, poolIndex: pool.index(of: liked))
            }
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

    // MARK: Requests

    func fetchCandidates(
        cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>
    ) {
        performAuthorized(.fetchCandidates, accessToken: accessToken, completion: completion) {
            state, viewer, now in
            guard let account = state.accounts[viewer] else { return .failure(.tokenRevoked) }
            guard let start = PoolCursor(cursor) else { return .failure(.rejected("bad cursor")) }
            return .success(
                page(for: account, from: start, cursor: cursor, limit: limit, state: &state, now: now))
        }
    }

    func sendSwipe(_ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>)
    {
        performAuthorized(.sendSwipe, accessToken: accessToken, completion: completion) {
            state, viewer, now in
            // One hash of the swipe id finds a resend or, once the swipe is applied, records it.
            let lookup = state.discovery.processed.lookup(swipe.id)
            if let position = lookup.position {
                return resent(at: position, of: state.discovery.processed, to: viewer)
            }
            return apply(swipe, by: viewer, in: &state, now: now, recordingAfter: lookup)
        }
    }

    /// The answer to a swipe id applied already, at `position` of `processed` (the applied swipes),
    /// resent by `viewer`: the same outcome for its viewer, refused for anyone else.
    @inline(never)
    private func resent(
        at position: Int, of processed: TextTable<String, DiscoveryState.ProcessedSwipe>, to viewer: UserID
    ) -> Result<SwipeOutcome, ServiceError> {
        let done = processed[at: position]
        return done.viewer == viewer ? .success(done.outcome) : .failure(.rejected("swipe id in use"))
    }

    /// Applies a swipe not seen before: the allowance, the record, the like and a match; a swipe
    /// recorded (not refused, not over the allowance) is added to the applied swipes where `lookup`
    /// (of its id, the table unchanged since) did not find it.
    ///
    /// A pass (nearly every swipe) is recorded here, a straight run of code; a refusal, the allowance
    /// used up and a like (with its match) are in functions of their own.
    private func apply(
        _ swipe: Swipe, by viewer: UserID, in state: inout State, now: Date,
        recordingAfter lookup: TextTable<String, DiscoveryState.ProcessedSwipe>.Lookup
    ) -> Result<SwipeOutcome, ServiceError> {
        let poolIndex = pool.index(of: swipe.candidate)
        guard swipe.candidate != viewer, poolIndex != nil || state.accounts[swipe.candidate] != nil else {
            return Self.notFound()
        }
        let dayStart = Self.dayStart(of: now)
        let position = state.discovery.position(ofViewer: viewer)
        guard
            state.discovery.viewers.update(
                at: position,
                {
                    record(swipe, poolIndex: poolIndex, in: &$0, dayStart: dayStart)
                })
        else {
            return Self.limitReached(dayStart: dayStart)
        }
        guard swipe.action == .pass else {
            return applyLike(swipe, by: viewer, in: &state, now: now, recordingAfter: lookup)
        }
        state.discovery.processed.add(
            .init(viewer: viewer, candidate: swipe.candidate, action: .pass, outcome: .recorded),
            for: swipe.id, after: lookup)
        return .success(.recorded)
    }

    /// The rest of ``apply(_:by:in:now:recordingAfter:)`` for a like or a super like, recorded
    /// already: the like received, a match if it is mutual, and the swipe added to the applied ones.
    @inline(never)
    private func applyLike(
        _ swipe: Swipe, by viewer: UserID, in state: inout State, now: Date,
        recordingAfter lookup: TextTable<String, DiscoveryState.ProcessedSwipe>.Lookup
    ) -> Result<SwipeOutcome, ServiceError> {
        var outcome = SwipeOutcome.recorded
        state.discovery.likesReceived[swipe.candidate, default: [:]][viewer] = swipe.action == .superLike
        if state.discovery.likesReceived[viewer]?[swipe.candidate] != nil {
            outcome = .matched(recordMatch(in: &state, viewer, swipe.candidate, at: now))
        }
        state.discovery.processed.add(
            .init(viewer: viewer, candidate: swipe.candidate, action: swipe.action, outcome: outcome),
            for: swipe.id, after: lookup)
        return .success(outcome)
    }

    /// A swipe on no one (an unknown id, or the viewer): out of the way of ``apply(_:by:in:now:recordingAfter:)``.
    @inline(never)
    private static func notFound() -> Result<SwipeOutcome, ServiceError> { .failure(.notFound) }

    /// A swipe over the day's allowance: out of the way of ``apply(_:by:in:now:recordingAfter:)``.
    @inline(never)
    private static func limitReached(dayStart: Date) -> Result<SwipeOutcome, ServiceError> {
        .success(.limitReached(resetsAt: dayStart.addingTimeInterval(86_400)))
    }

    /// The start of the (UTC) day holding `now`: its time rounded down to a whole number of days.
    static func dayStart(of now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        performAuthorized(.undoSwipe, accessToken: accessToken, completion: completion) { state, viewer, _ in
            guard let done = state.discovery.processed[id], done.viewer == viewer else {
                return .failure(.notFound)
            }
            guard done.action == .pass else {
                return .failure(.rejected("only a pass can be undone"))
            }
            _ = state.discovery.processed.removeValue(forKey: id)
            if let position = state.discovery.viewers.lookup(viewer).position {
                state.discovery.viewers.update(at: position) {
                    $0.set(nil, on: done.candidate, poolIndex: pool.index(of: done.candidate))
                }
            }
            return .success(())
        }
    }

    func savePreferences(
        _ preferences: SearchPreferences, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        performAuthorized(.savePreferences, accessToken: accessToken, completion: completion) {
            state, viewer, _ in
            guard state.accounts[viewer] != nil else { return .failure(.tokenRevoked) }
            guard preferences.minimumAge >= SearchPreferences.minimumAge,
                preferences.maximumAge <= SearchPreferences.maximumAge,
                preferences.minimumAge <= preferences.maximumAge,
                SearchPreferences.distanceLimits.contains(preferences.maximumDistanceKm)
            else { return .failure(.rejected("preferences out of range")) }
            state.accounts[viewer]?.profile.lookingFor = preferences
            return .success(())
        }
    }

    // MARK: Internals

    /// Counts a swipe against the viewer's allowance for the day it was made (today, the day starting at
    /// `dayStart`, or yesterday) and records it; `false` (nothing recorded) if that day's likes or super
    /// likes are used up.
    private func record(
        _ swipe: Swipe, poolIndex: Int?, in viewer: inout DiscoveryState.Viewer, dayStart: Date
    ) -> Bool {
        // A swipe is charged to the day it was made (a like made offline before midnight and delivered
        // after it counts for the day before), never later than today nor earlier than yesterday.
        let madeOn = Self.dayStart(
            of: max(min(swipe.swipedAt, dayStart.addingTimeInterval(86_399)), dayStart - 86_400))
        var usage = viewer.usage ?? DiscoveryState.Usage(dayStart: madeOn)
        if madeOn < usage.dayStart {
            // The day it was made is over and no longer counted: recorded, not charged to today.
            viewer.set(swipe.action, on: swipe.candidate, poolIndex: poolIndex)
            return true
        }
        if usage.dayStart != madeOn { usage = DiscoveryState.Usage(dayStart: madeOn) }
        switch swipe.action {
        case .like:
            guard usage.likes < configuration.dailyLikeLimit else { return false }
            usage.likes += 1
        case .superLike:
            guard usage.superLikes < configuration.dailySuperLikeLimit else { return false }
            usage.superLikes += 1
        case .pass:
            break
        }
        viewer.usage = usage
        viewer.set(swipe.action, on: swipe.candidate, poolIndex: poolIndex)
        return true
    }

    private func page(
        for account: Account, from start: PoolCursor, cursor: String?, limit: Int, state: inout State,
        now: Date
    ) -> DiscoveryPage {
        let viewer = account.user.id
        let preferences = account.profile.lookingFor
        let ages = preferences.minimumAge...max(preferences.minimumAge, preferences.maximumAge)
        let record = state.discovery.viewers[viewer] ?? DiscoveryState.Viewer()
        let received = state.discovery.likesReceived[viewer] ?? [:]
        // A generated person is a liker only if some liker may have a generated person's id.
        let generatedMayLike = state.discovery.poolIdsMayLike && !received.isEmpty
        var candidates: [Candidate] = []
        var position = start
        var scanned = 0
        let wanted = max(1, min(limit, 100))
        candidates.reserveCapacity(wanted)
        let anyBlocked = !state.chat.blocked.isEmpty
        while candidates.count < wanted, scanned < Self.maximumScanPerPage {
            switch position {
            case .account(let index):
                guard index < state.accountOrder.count else {
                    position = .generated(0)
                    continue
                }
                let id = state.accountOrder[index]
                position = .account(index + 1)
                scanned += 1
                guard id != viewer, record.action(on: id, poolIndex: pool.index(of: id)) == nil,
                    let other = state.accounts[id],
                    !anyBlocked || !state.chat.blocked.contains(Self.pair(viewer, id))
                else { continue }
                let age = CalendarMath.age(bornOn: other.user.birthDate, at: now)
                let distance = other.location.distanceKm(to: account.location)
                guard ages.contains(age), distance <= preferences.maximumDistanceKm else { continue }
                let like = received[id]
                candidates.append(
                    Candidate(
                        id: id, displayName: other.user.displayName, age: age, bio: other.profile.bio,
                        interests: other.profile.interests, distanceKm: distance, lastActiveAt: now,
                        likedYou: like != nil, superLikedYou: like == true))
            case .generated(let index):
                guard index < pool.poolSize else { break }
                position = .generated(index + 1)
                scanned += 1
                let sketch = pool.sketch(index)
                guard ages.contains(sketch.age) else { continue }
                let distance = sketch.location.distanceKm(to: account.location)
                guard distance <= preferences.maximumDistanceKm else { continue }
                guard !record.hasSwiped(poolIndex: index) else { continue }
                let id = CandidateGenerator.id(of: index)
                let like = generatedMayLike ? received[id] : nil
                candidates.append(
                    pool.candidate(
                        sketch, id: id, distanceKm: distance, likedYou: like != nil,
                        superLikedYou: like == true))
            }
            if case .generated(let index) = position, index >= pool.poolSize { break }
        }
        state.discovery.positionsScanned += scanned
        let exhausted: Bool
        if case .generated(let index) = position {
            exhausted = index >= pool.poolSize
        } else {
            exhausted = false
        }
        return DiscoveryPage(
            cursor: cursor, candidates: candidates, nextCursor: exhausted ? nil : position.description,
            preferences: preferences, viewerInterests: account.profile.interests,
            allowance: allowance(of: viewer, in: state, now: now))
    }

    private func allowance(of viewer: UserID, in state: State, now: Date) -> SwipeAllowance {
        let dayStart = Self.dayStart(of: now)
        let usage = state.discovery.viewers[viewer]?.usage.flatMap { $0.dayStart == dayStart ? $0 : nil }
        return SwipeAllowance(
            dailyLikes: configuration.dailyLikeLimit,
            likesRemaining: configuration.dailyLikeLimit - (usage?.likes ?? 0),
            dailySuperLikes: configuration.dailySuperLikeLimit,
            superLikesRemaining: configuration.dailySuperLikeLimit - (usage?.superLikes ?? 0),
            resetsAt: dayStart.addingTimeInterval(86_400))
    }

    private func matches(of user: UserID, in state: State) -> [Match] {
        state.discovery.matches.all.compactMap { id, pair -> Match? in
            guard pair.first == user || pair.second == user else { return nil }
            let other = pair.first == user ? pair.second : pair.first
            return Match(
                id: id, user: other, displayName: displayName(of: other, in: state), matchedAt: pair.at)
        }.sorted { ($0.matchedAt, $1.id) > ($1.matchedAt, $0.id) }
    }

    func displayName(of id: UserID, in state: State) -> String {
        // The one field read in place: binding the account copied all of it.
        if let name = state.accounts[id]?.user.displayName { return name }
        if let index = pool.index(of: id) { return pool.name(index) }
        return id.rawValue
    }

    @discardableResult
    private func recordMatch(in state: inout State, _ first: UserID, _ second: UserID, at now: Date) -> Match
    {
        let id = Match.id(between: first, and: second)
        // One lookup tells an earlier match's time; a new match is recorded by one insertion.
        let at: Date
        if let earlier = state.discovery.matches[id] {
            at = earlier.at
        } else {
            state.discovery.matches.insert((first, second, now), for: id)
            // A match made again starts an empty conversation: what an earlier match of the two left
            // (kept after it ended, for its resends and receipts) goes, as the phones show it.
            _ = state.chat.conversations.removeValue(forKey: id)
            announceMatch(in: &state, first, second, id: id, at: now)
            at = now
        }
        return Match(id: id, user: second, displayName: displayName(of: second, in: state), matchedAt: at)
    }
}

/// A position in the embedded pool: the n-th account or the n-th generated person.
enum PoolCursor: CustomStringConvertible {
    case account(Int)
    case generated(Int)

    /// Parses `a<n>` or `g<n>`; `nil` (the start) gives the first account.
    init?(_ text: String?) {
        guard let text else {
            self = .account(0)
            return
        }
        guard let kind = text.first, let number = Int(text.dropFirst()), number >= 0 else { return nil }
        switch kind {
        case "a": self = .account(number)
        case "g": self = .generated(number)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .account(let index): DecimalText.make("a", index)
        case .generated(let index): DecimalText.make("g", index)
        }
    }
}
