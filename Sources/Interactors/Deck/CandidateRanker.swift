import Foundation
import Models

/// Filters and orders candidates for the deck, deterministically.
///
/// Excludes the viewer, anyone already swiped or blocked, and anyone outside the preferences (age
/// range, distance). Orders by shared interests (more first), then distance (nearer first), then
/// recent activity (more recent first), then id — so equal inputs always give the same deck.
public enum CandidateRanker {
    /// What ranking needs to know about the viewer.
    public struct Viewer: Hashable, Sendable {
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
        isWanted(candidate, by: viewer) && !excluded.contains(candidate.id)
    }

    /// Whether `candidate` is someone other than `viewer`, inside the viewer's preferences.
    private static func isWanted(_ candidate: Candidate, by viewer: Viewer) -> Bool {
        candidate.id != viewer.id && candidate.age >= viewer.preferences.minimumAge
            && candidate.age <= viewer.preferences.maximumAge
            && candidate.distanceKm <= viewer.preferences.maximumDistanceKm
    }

    /// How many interests a candidate shares with the viewer (each of the candidate's that the
    /// viewer has).
    public static func sharedInterests(_ candidate: Candidate, _ viewer: Viewer) -> Int {
        candidate.interests.count { viewer.interests.contains($0) }
    }

    /// Whether `lhs` ranks above `rhs` for `viewer`: more shared interests first, then nearer, then
    /// more recently active, then by id.
    public static func ranksAbove(_ lhs: Candidate, _ rhs: Candidate, for viewer: Viewer) -> Bool {
        ranksAbove(Scored(lhs, for: viewer), Scored(rhs, for: viewer))
    }

    /// The eligible candidates of a page, ranked; duplicates within the page are dropped.
    ///
    /// Costs the page's size, whatever the size of `excluded`.
    public static func rank(_ candidates: [Candidate], for viewer: Viewer, excluding excluded: Set<UserID>)
        -> [Candidate]
    {
        scoredRanking(candidates, for: viewer, excluding: excluded).map(\.candidate)
    }

    /// Merges a newly ranked page into the cards still queued, keeping the top card where it is (the
    /// user is looking at it) and ranking the rest; in O(n) for two ranked lists.
    ///
    /// Cards of the page already queued are left out.
    public static func merge(_ page: [Candidate], into queue: [Candidate], for viewer: Viewer) -> [Candidate]
    {
        merge(page.map { Scored($0, for: viewer) }, into: queue, for: viewer)
    }

    /// ``rank(_:for:excluding:)`` of a page, then ``merge(_:into:for:)`` of the ranked page into the
    /// queued cards, for a deck that records every card it held in `shown`: the page is ranked
    /// excluding `shown`, the ranked cards are added to it, and the merged cards are returned.
    ///
    /// Each card of the page is scored once and looked up in `shown` once, for all three.
    public static func rankAndMerge(
        _ page: [Candidate], into queue: some Collection<Candidate>, for viewer: Viewer,
        recordingShownIn shown: inout Set<UserID>
    ) -> [Candidate] {
        rankAndMerge(page, into: queue, for: viewer) { shown.insert($0).inserted }
    }

    /// ``rankAndMerge(_:into:for:recordingShownIn:)`` for a deck that keeps what it held in a record
    /// of its own (a ``PersistentList/PersistentSet``): `record` adds a card's id and says whether it
    /// was new.
    public static func rankAndMerge(
        _ page: [Candidate], into queue: some Collection<Candidate>, for viewer: Viewer,
        recording record: (UserID) -> Bool
    ) -> [Candidate] {
        let fresh = page.filter { isWanted($0, by: viewer) && record($0.id) }
        return merge(scoredRanking(fresh, for: viewer), into: queue, for: viewer)
    }

    /// The eligible candidates of a page, scored and ranked, each once.
    private static func scoredRanking(
        _ candidates: [Candidate], for viewer: Viewer, excluding excluded: Set<UserID>
    ) -> [Scored] {
        var seen: Set<UserID> = []
        let eligible = candidates.filter { candidate in
            isEligible(candidate, for: viewer, excluding: excluded) && seen.insert(candidate.id).inserted
        }
        return scoredRanking(eligible, for: viewer)
    }

    /// `candidates`, scored and ranked.
    private static func scoredRanking(_ candidates: [Candidate], for viewer: Viewer) -> [Scored] {
        candidates.map { Scored($0, for: viewer) }.sorted(by: ranksAbove)
    }

    /// ``merge(_:into:for:)`` of a page whose cards are scored already.
    private static func merge(
        _ page: [Scored], into queue: some Collection<Candidate>, for viewer: Viewer
    ) -> [Candidate] {
        guard let top = queue.first else { return page.map(\.candidate) }
        let queued = Set(queue.map(\.id))
        let fresh = page.filter { !queued.contains($0.candidate.id) }
        let rest = queue.dropFirst().map { Scored($0, for: viewer) }
        var merged = [top]
        var left = rest.startIndex
        var right = fresh.startIndex
        while left < rest.endIndex, right < fresh.endIndex {
            if ranksAbove(fresh[right], rest[left]) {
                merged.append(fresh[right].candidate)
                right += 1
            } else {
                merged.append(rest[left].candidate)
                left += 1
            }
        }
        merged += rest[left...].map(\.candidate)
        merged += fresh[right...].map(\.candidate)
        return merged
    }

    /// A card and how many interests it shares with the viewer, counted once for every comparison
    /// the card takes part in (a sort compares each card about log n times).
    private struct Scored {
        let candidate: Candidate
        let shared: Int

        init(_ candidate: Candidate, for viewer: Viewer) {
            self.candidate = candidate
            shared = CandidateRanker.sharedInterests(candidate, viewer)
        }
    }

    /// The order of ``ranksAbove(_:_:for:)``, for scored cards.
    private static func ranksAbove(_ lhs: Scored, _ rhs: Scored) -> Bool {
        if lhs.shared != rhs.shared { return lhs.shared > rhs.shared }
        let (lhs, rhs) = (lhs.candidate, rhs.candidate)
        if lhs.distanceKm != rhs.distanceKm { return lhs.distanceKm < rhs.distanceKm }
        if lhs.lastActiveAt != rhs.lastActiveAt { return lhs.lastActiveAt > rhs.lastActiveAt }
        return lhs.id.rawValue < rhs.id.rawValue
    }
}
