import Foundation
import Interactors
import Models

/// One page of candidates: the pool scanned forward from a cursor.
extension EmbeddedServer {
    /// The next page for `account` from `start` (the request's `cursor`, parsed): up to `limit` people
    /// (at most 100) the viewer has not swiped, within their preferences, and not blocked; the scan
    /// stops after ``maximumScanPerPage`` positions, so a page may come back short or empty with a
    /// cursor to go on from.
    func page(
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
}
