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
            if let done = state.discovery.processed[swipe.id] {
                // A resend: the same outcome for its viewer, refused for anyone else.
                return done.viewer == viewer ? .success(done.outcome) : .failure(.rejected("swipe id in use"))
            }
            return apply(swipe, by: viewer, in: &state, now: now)
        }
    }

    /// Applies a swipe not seen before: the allowance, the record, the like and a match; a swipe
    /// recorded (not refused, not over the allowance) is added to the applied swipes under its id.
    private func apply(_ swipe: Swipe, by viewer: UserID, in state: inout State, now: Date)
        -> Result<SwipeOutcome, ServiceError>
    {
        let poolIndex = pool.index(of: swipe.candidate)
        guard swipe.candidate != viewer, poolIndex != nil || state.accounts[swipe.candidate] != nil else {
            return .failure(.notFound)
        }
        // A swipe is charged to the day it was made, however late it arrives (a like made offline
        // days ago counts for its own day), never to a day after today.
        let madeOn = Self.dayStart(of: min(swipe.swipedAt, now))
        guard
            record(
                swipe, poolIndex: poolIndex, in: &state.discovery.viewers[viewer, default: .init()],
                madeOn: madeOn)
        else {
            return .success(.limitReached(resetsAt: madeOn.addingTimeInterval(86_400)))
        }
        var outcome = SwipeOutcome.recorded
        // A like between people one of whom blocked the other is recorded, and goes no further.
        if swipe.action != .pass, !state.chat.blocked.contains(Self.pair(viewer, swipe.candidate)) {
            state.discovery.likesReceived[swipe.candidate, default: [:]][viewer] = swipe.action == .superLike
            if state.discovery.likesReceived[viewer]?[swipe.candidate] != nil {
                outcome = .matched(recordMatch(in: &state, viewer, swipe.candidate, at: now))
            }
        }
        state.discovery.processed[swipe.id] = .init(
            viewer: viewer, candidate: swipe.candidate, action: swipe.action, outcome: outcome)
        return .success(outcome)
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
            state.discovery.processed[id] = nil
            state.discovery.viewers[viewer]?.set(
                nil, on: done.candidate, poolIndex: pool.index(of: done.candidate))
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

    /// Counts a swipe against the viewer's allowance for the day starting at `madeOn` and records it;
    /// `false` (nothing recorded) if that day's likes or super likes are used up.
    private func record(
        _ swipe: Swipe, poolIndex: Int?, in viewer: inout DiscoveryState.Viewer, madeOn: Date
    ) -> Bool {
        var usage = viewer.usage[madeOn, default: DiscoveryState.Usage()]
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
        if swipe.action != .pass { viewer.usage[madeOn] = usage }
        viewer.set(swipe.action, on: swipe.candidate, poolIndex: poolIndex)
        return true
    }

    func allowance(of viewer: UserID, in state: State, now: Date) -> SwipeAllowance {
        let dayStart = Self.dayStart(of: now)
        let usage = state.discovery.viewers[viewer]?.usage[dayStart]
        return SwipeAllowance(
            dailyLikes: configuration.dailyLikeLimit,
            likesRemaining: configuration.dailyLikeLimit - (usage?.likes ?? 0),
            dailySuperLikes: configuration.dailySuperLikeLimit,
            superLikesRemaining: configuration.dailySuperLikeLimit - (usage?.superLikes ?? 0),
            resetsAt: dayStart.addingTimeInterval(86_400))
    }

    func matches(of user: UserID, in state: State) -> [Match] {
        state.discovery.matches.compactMap { id, pair -> Match? in
            guard pair.first == user || pair.second == user else { return nil }
            let other = pair.first == user ? pair.second : pair.first
            return Match(
                id: id, user: other, displayName: displayName(of: other, in: state), matchedAt: pair.at)
        }.sorted { ($0.matchedAt, $1.id) > ($1.matchedAt, $0.id) }
    }

    func displayName(of id: UserID, in state: State) -> String {
        if let name = state.accounts[id]?.user.displayName { return name }
        if let index = pool.index(of: id) { return pool.name(index) }
        return id.rawValue
    }

    @discardableResult
    func recordMatch(in state: inout State, _ first: UserID, _ second: UserID, at now: Date) -> Match {
        let id = Match.id(between: first, and: second)
        let at: Date
        if let earlier = state.discovery.matches[id] {
            at = earlier.at
        } else {
            state.discovery.matches[id] = MatchPair(first: first, second: second, at: now)
            // A match made again starts an empty conversation: what an earlier match of the two left
            // (kept after it ended, for its resends and receipts) goes, as the phones show it.
            _ = state.chat.conversations.removeValue(forKey: id)
            announceMatch(in: &state, first, second, id: id, at: now)
            at = now
        }
        return Match(id: id, user: second, displayName: displayName(of: second, in: state), matchedAt: at)
    }
}
