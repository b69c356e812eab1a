import Foundation
import Models

/// Filters and orders candidates for the deck, deterministically.
///
/// Excludes the viewer, anyone already swiped or blocked, and anyone outside the preferences (age
/// range, distance). Orders by shared interests (more first), then distance (nearer first), then
/// recent activity (more recent first), then id — so equal inputs always give the same deck.
public enum CandidateRanker {
    /// What ranking needs to know about the viewer.
    ///
    /// The interests are kept as listed: a profile lists a handful, and ranking compares each card's
    /// with them one by one (``SharedInterestCounter``), so a set of them (every interest hashed) was
    /// made for each page only to be read back out into an array.
    public struct Viewer: Sendable {
        /// The viewer's own id.
        public var id: UserID
        /// The viewer's interests, as listed (one listed twice counts once).
        public var interestList: [Interest]
        /// Who the viewer looks for.
        public var preferences: SearchPreferences

        /// The viewer's interests, as a set (made from ``interestList`` on each read).
        public var interests: Set<Interest> {
            get { Set(interestList) }
            set { interestList = Array(newValue) }
        }

        /// Creates the viewer's side of ranking.
        public init(id: UserID, interests: Set<Interest>, preferences: SearchPreferences) {
            self.init(id: id, interestList: Array(interests), preferences: preferences)
        }

        /// Creates the viewer's side of ranking from the interests as a profile or a page lists them.
        public init(id: UserID, interestList: [Interest], preferences: SearchPreferences) {
            self.id = id
            self.interestList = interestList
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
        ranked(candidates, for: viewer, excluding: excluded).map(\.candidate)
    }

    /// Merges a newly ranked page into the cards still queued, keeping the top card where it is (the
    /// user is looking at it) and ranking the rest; in O(n) for two ranked lists.
    public static func merge(_ page: [Candidate], into queue: [Candidate], for viewer: Viewer) -> [Candidate]
    {
        let counter = SharedInterestCounter(viewer)
        let scored = page.map { (candidate: $0, shared: counter.count($0)) }
        return mergeUnqueued(scored, into: queue, for: viewer)
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
        let scored = Self.ranked(page, for: viewer, excluding: excluded)
        let ranked = scored.map(\.candidate)
        guard queue.allSatisfy({ excluded.contains($0.id) }) else {
            return (ranked, mergeUnqueued(scored, into: queue, for: viewer))
        }
        // Nothing queued before: the ranked cards themselves, as `merge` would give them.
        guard !queue.isEmpty else { return (ranked, ranked) }
        return (ranked, merge(scored, into: queue, for: viewer))
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
        // Each eligible card is scored as it is found: one array, sorted in place.
        let counter = SharedInterestCounter(viewer)
        var scored: [Scored] = []
        scored.reserveCapacity(page.count)
        for candidate in page
        where isEligibleIgnoringExclusion(candidate, for: viewer) && shown.insert(candidate.id).inserted {
            scored.append((candidate, counter.count(candidate)))
        }
        sort(&scored)
        guard queueIsExcluded else { return mergeUnqueued(scored, into: queue, for: viewer) }
        return merge(scored, into: queue, for: viewer)
    }

    /// ``isEligible(_:for:excluding:)`` but for the set excluded.
    private static func isEligibleIgnoringExclusion(_ candidate: Candidate, for viewer: Viewer) -> Bool {
        candidate.id != viewer.id && candidate.age >= viewer.preferences.minimumAge
            && candidate.age <= viewer.preferences.maximumAge
            && candidate.distanceKm <= viewer.preferences.maximumDistanceKm
    }

    /// A card and how many interests it shares with the viewer, counted once: a sort makes n log n
    /// comparisons, and counting hashes or compares every interest. Kept together, the cards are
    /// sorted in place in one array (sorting their indices, then gathering the cards and the counts
    /// in that order, made three arrays more).
    private typealias Scored = (candidate: Candidate, shared: Int)

    /// The ranked eligible candidates of a page, each with how many interests it shares with the viewer.
    private static func ranked(
        _ candidates: [Candidate], for viewer: Viewer, excluding excluded: Set<UserID>
    ) -> [Scored] {
        // Sized up front: growing a set rehashes every id inserted so far.
        var inPage = Set<UserID>(minimumCapacity: candidates.count)
        let counter = SharedInterestCounter(viewer)
        var scored: [Scored] = []
        scored.reserveCapacity(candidates.count)
        for candidate in candidates
        where isEligible(candidate, for: viewer, excluding: excluded) && inPage.insert(candidate.id).inserted
        {
            scored.append((candidate, counter.count(candidate)))
        }
        sort(&scored)
        return scored
    }

    /// Puts scored cards in rank order.
    private static func sort(_ scored: inout [Scored]) {
        scored.sort { ranksAbove($0.candidate, sharing: $0.shared, $1.candidate, sharing: $1.shared) }
    }

    /// ``merge(_:into:for:)`` for ranked cards, scored: those already queued are left out first.
    private static func mergeUnqueued(_ scored: [Scored], into queue: [Candidate], for viewer: Viewer)
        -> [Candidate]
    {
        var queued = Set<UserID>(minimumCapacity: queue.count)
        for candidate in queue { queued.insert(candidate.id) }
        return merge(scored.filter { !queued.contains($0.candidate.id) }, into: queue, for: viewer)
    }

    /// Merges ranked `fresh` cards (none of them queued), scored, into the queue behind its top card.
    private static func merge(_ fresh: [Scored], into queue: [Candidate], for viewer: Viewer) -> [Candidate] {
        guard let top = queue.first else { return fresh.map(\.candidate) }
        var merged = [top]
        merged.reserveCapacity(queue.count + fresh.count)
        let counter = SharedInterestCounter(viewer)
        let queueShared = queue.map { counter.count($0) }
        var left = 1
        var right = 0
        while left < queue.count, right < fresh.count {
            if ranksAbove(
                fresh[right].candidate, sharing: fresh[right].shared, queue[left], sharing: queueShared[left])
            {
                merged.append(fresh[right].candidate)
                right += 1
            } else {
                merged.append(queue[left])
                left += 1
            }
        }
        merged += queue[left...]
        for index in right..<fresh.count { merged.append(fresh[index].candidate) }
        return merged
    }

    /// Counts the interests candidates share with one viewer (``sharedInterests(_:_:)``): the
    /// viewer's few interests compared one by one in their list, or many hashed into a set once.
    private struct SharedInterestCounter {
        /// The viewer's interests, when few enough to compare names rather than hash.
        let few: [Interest]?
        /// The viewer's interests, when too many to compare one by one.
        let many: Set<Interest>

        init(_ viewer: Viewer) {
            let list = viewer.interestList
            if list.count <= 2 * Interest.maximumPerProfile {
                few = list
                many = []
            } else {
                few = nil
                many = Set(list)
            }
        }

        /// ``sharedInterests(_:_:)`` of `candidate`.
        func count(_ candidate: Candidate) -> Int {
            var shared = 0
            guard let few else {
                for interest in candidate.interests where many.contains(interest) { shared += 1 }
                return shared
            }
            for interest in candidate.interests where few.contains(interest) { shared += 1 }
            return shared
        }
    }

    /// How many interests a candidate shares with the viewer (each of the candidate's that the
    /// viewer has).
    public static func sharedInterests(_ candidate: Candidate, _ viewer: Viewer) -> Int {
        SharedInterestCounter(viewer).count(candidate)
    }
}
