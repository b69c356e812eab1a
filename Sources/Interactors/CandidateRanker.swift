import Foundation
import Models

/// Filters and orders candidates for the deck, deterministically.
///
/// Excludes the viewer, anyone already swiped or blocked, and anyone outside the preferences (age
/// range, distance). Orders by shared interests (more first), then distance (nearer first), then
/// recent activity (more recent first), then id — so equal inputs always give the same deck.
public enum CandidateRanker {
    /// What ranking needs to know about the viewer.
    public struct Viewer: Sendable {
        /// The viewer's own id.
        public var id: UserID
        /// The viewer's interests.
        public var interests: Set<Interest>
        /// Who the viewer looks for.
        public var preferences: SearchPreferences

        /// Creates the viewer's side of ranking.
        public init(id: UserID, interests: Set<Interest>, preferences: SearchPreferences) {
            self.id = id
            self.interests = interests
            self.preferences = preferences
        }
    }

    /// Whether `candidate` may be shown to `viewer` at all.
    public static func isEligible(_ candidate: Candidate, for viewer: Viewer, excluding excluded: Set<UserID>)
        -> Bool
    {
        candidate.id != viewer.id && !excluded.contains(candidate.id)
            && candidate.age >= viewer.preferences.minimumAge
            && candidate.age <= viewer.preferences.maximumAge
            && candidate.distanceKm <= viewer.preferences.maximumDistanceKm
    }

    /// Whether `lhs` ranks above `rhs` for `viewer`.
    public static func ranksAbove(_ lhs: Candidate, _ rhs: Candidate, for viewer: Viewer) -> Bool {
        ranksAbove(lhs, sharing: sharedInterests(lhs, viewer), rhs, sharing: sharedInterests(rhs, viewer))
    }

    /// ``ranksAbove(_:_:for:)`` with each candidate's shared interests counted already: more shared
    /// interests first, then nearer, then more recently active, then by id.
    private static func ranksAbove(_ lhs: Candidate, sharing left: Int, _ rhs: Candidate, sharing right: Int)
        -> Bool
    {
        if left != right { return left > right }
        if lhs.distanceKm != rhs.distanceKm { return lhs.distanceKm < rhs.distanceKm }
        if lhs.lastActiveAt != rhs.lastActiveAt { return lhs.lastActiveAt > rhs.lastActiveAt }
        return lhs.id.rawValue < rhs.id.rawValue
    }

    /// The eligible candidates of a page, ranked; duplicates within the page are dropped. Costs the
    /// page's size, whatever the size of `excluded`.
    public static func rank(_ candidates: [Candidate], for viewer: Viewer, excluding excluded: Set<UserID>)
        -> [Candidate]
    {
        ranked(candidates, for: viewer, excluding: excluded).candidates
    }

    /// Merges a newly ranked page into the cards still queued, keeping the top card where it is (the
    /// user is looking at it) and ranking the rest; in O(n) for two ranked lists.
    public static func merge(_ page: [Candidate], into queue: [Candidate], for viewer: Viewer) -> [Candidate]
    {
        var queued = Set<UserID>(minimumCapacity: queue.count)
        for candidate in queue { queued.insert(candidate.id) }
        let fresh = page.filter { !queued.contains($0.id) }
        // Each candidate's shared interests are counted once, as in `rank`.
        return merge(fresh, sharing: fresh.map { sharedInterests($0, viewer) }, into: queue, for: viewer)
    }

    /// ``rank(_:for:excluding:)`` of a page, then ``merge(_:into:for:)`` of the ranked page into the
    /// queued cards: the same two lists, with each candidate's shared interests counted once.
    ///
    /// The deck excludes every card it ever showed, the queued ones included, so the ranked page
    /// holds none of them and the queue's ids are checked against `excluded` (a few lookups) rather
    /// than gathered into a set to filter the page with.
    public static func rankAndMerge(
        _ page: [Candidate], into queue: [Candidate], for viewer: Viewer, excluding excluded: Set<UserID>
    ) -> (ranked: [Candidate], merged: [Candidate]) {
        let (ranked, shared) = Self.ranked(page, for: viewer, excluding: excluded)
        guard queue.allSatisfy({ excluded.contains($0.id) }) else {
            return (ranked, merge(ranked, into: queue, for: viewer))
        }
        return (ranked, merge(ranked, sharing: shared, into: queue, for: viewer))
    }

    /// ``rankAndMerge(_:into:for:excluding:)`` with `shown` as the set excluded, the ranked cards'
    /// ids added to it: the merged cards.
    ///
    /// For a deck that remembers every card it showed: each candidate's id is hashed once, looked up
    /// and recorded by one insertion, where ranking and then recording hash it three times (the
    /// excluded set, the page's own duplicates, the record). Reserve room in `shown` first: a set
    /// that grows rehashes every id already in it.
    public static func rankAndMerge(
        _ page: [Candidate], into queue: [Candidate], for viewer: Viewer, recordingIn shown: inout Set<UserID>
    ) -> [Candidate] {
        // Checked before the page's ids join the set, as `rankAndMerge(_:into:for:excluding:)` checks.
        let queueIsExcluded = queue.allSatisfy { shown.contains($0.id) }
        var eligible: [Candidate] = []
        eligible.reserveCapacity(page.count)
        for candidate in page
        where isEligibleIgnoringExclusion(candidate, for: viewer) && shown.insert(candidate.id).inserted {
            eligible.append(candidate)
        }
        let (ranked, shared) = sorted(eligible, for: viewer)
        guard queueIsExcluded else { return merge(ranked, into: queue, for: viewer) }
        return merge(ranked, sharing: shared, into: queue, for: viewer)
    }

    /// ``isEligible(_:for:excluding:)`` but for the set excluded.
    private static func isEligibleIgnoringExclusion(_ candidate: Candidate, for viewer: Viewer) -> Bool {
        candidate.id != viewer.id && candidate.age >= viewer.preferences.minimumAge
            && candidate.age <= viewer.preferences.maximumAge
            && candidate.distanceKm <= viewer.preferences.maximumDistanceKm
    }

    /// The ranked eligible candidates of a page and how many interests each shares with the viewer.
    private static func ranked(
        _ candidates: [Candidate], for viewer: Viewer, excluding excluded: Set<UserID>
    ) -> (candidates: [Candidate], shared: [Int]) {
        // Sized up front: growing a set rehashes every id inserted so far.
        var inPage = Set<UserID>(minimumCapacity: candidates.count)
        var eligible: [Candidate] = []
        eligible.reserveCapacity(candidates.count)
        for candidate in candidates
        where isEligible(candidate, for: viewer, excluding: excluded) && inPage.insert(candidate.id).inserted
        {
            eligible.append(candidate)
        }
        return sorted(eligible, for: viewer)
    }

    /// The eligible candidates in rank order, and how many interests each shares with the viewer.
    private static func sorted(_ eligible: [Candidate], for viewer: Viewer) -> (
        candidates: [Candidate], shared: [Int]
    ) {
        // Shared interests are counted once per candidate, not twice per comparison: counting hashes
        // every interest, and a sort makes n log n comparisons.
        let counter = SharedInterestCounter(viewer)
        let shared = eligible.map { counter.count($0) }
        let order = eligible.indices.sorted { left, right in
            ranksAbove(eligible[left], sharing: shared[left], eligible[right], sharing: shared[right])
        }
        return (order.map { eligible[$0] }, order.map { shared[$0] })
    }

    /// Merges ranked `fresh` cards (none of them queued; `freshShared` their shared interests) into the
    /// queue behind its top card.
    private static func merge(
        _ fresh: [Candidate], sharing freshShared: [Int], into queue: [Candidate], for viewer: Viewer
    ) -> [Candidate] {
        guard let top = queue.first else { return fresh }
        var merged = [top]
        merged.reserveCapacity(queue.count + fresh.count)
        let counter = SharedInterestCounter(viewer)
        let queueShared = queue.map { counter.count($0) }
        var left = 1
        var right = 0
        while left < queue.count, right < fresh.count {
            if ranksAbove(fresh[right], sharing: freshShared[right], queue[left], sharing: queueShared[left])
            {
                merged.append(fresh[right])
                right += 1
            } else {
                merged.append(queue[left])
                left += 1
            }
        }
        merged += queue[left...]
        merged += fresh[right...]
        return merged
    }

    /// Counts the interests candidates share with one viewer (``sharedInterests(_:_:)``), the
    /// viewer's few interests read out of their set once: walking a set costs more per element than
    /// an array, and each candidate walked it again.
    private struct SharedInterestCounter {
        let viewer: Viewer
        /// The viewer's interests, when few enough to compare names rather than hash.
        let few: [Interest]?

        init(_ viewer: Viewer) {
            self.viewer = viewer
            few = viewer.interests.count <= 2 * Interest.maximumPerProfile ? Array(viewer.interests) : nil
        }

        /// ``sharedInterests(_:_:)`` of `candidate`.
        func count(_ candidate: Candidate) -> Int {
            guard let few else { return sharedInterests(candidate, viewer) }
            var shared = 0
            for interest in candidate.interests where few.contains(interest) { shared += 1 }
            return shared
        }
    }

    /// How many interests a candidate shares with the viewer.
    public static func sharedInterests(_ candidate: Candidate, _ viewer: Viewer) -> Int {
        // A profile has a handful of interests (``Interest/maximumPerProfile``): comparing names
        // with each of the viewer's is cheaper than hashing every one of the candidate's.
        guard viewer.interests.count <= 2 * Interest.maximumPerProfile else {
            return candidate.interests.reduce(0) { $0 + (viewer.interests.contains($1) ? 1 : 0) }
        }
        var shared = 0
        for interest in candidate.interests where viewer.interests.contains(where: { $0 == interest }) {
            shared += 1
        }
        return shared
    }
}
