import EmbeddedBackend
import Foundation
import Interactors
import Models
import Testing

/// Ranking a page while recording its ids in the deck's set of shown cards gives the cards and the
/// set that ranking, merging and then recording the ranked ids give.
@Suite struct RankAndRecordTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let preferences = SearchPreferences(minimumAge: 20, maximumAge: 30, maximumDistanceKm: 10)

    func candidate(_ index: Int, using random: inout SeededGenerator) -> Candidate {
        let interests = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            Interest.catalog[Int.random(in: 0..<Interest.catalog.count, using: &random)]
        }
        return Candidate(
            id: UserID(index == 0 ? "me" : "c\(index)"), displayName: "C\(index)",
            age: Int.random(in: 18...32, using: &random), bio: "", interests: interests,
            distanceKm: Int.random(in: 0...12, using: &random),
            lastActiveAt: now - Double(Int.random(in: 0...3, using: &random)),
            likedYou: Bool.random(using: &random))
    }

    @Test func rankAndMergeRecordingInShown_matchesRankAndMerge_thenRecordingTheRanked() {
        var random = SeededGenerator(seed: 11)
        // A viewer with few interests (compared by name) and one with many (looked up in the set).
        let viewers = [
            CandidateRanker.Viewer(
                id: "me", interests: [Interest("Music"), Interest("Books")], preferences: preferences),
            CandidateRanker.Viewer(
                id: "me", interests: Set(Interest.catalog + [Interest("Sailing")]), preferences: preferences),
        ]
        for round in 0..<600 {
            let viewer = viewers[round % 2]
            let page = (0..<Int.random(in: 0...25, using: &random)).map { _ in
                candidate(Int.random(in: 0..<40, using: &random), using: &random)
            }
            let queue = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                candidate(Int.random(in: 1..<40, using: &random), using: &random)
            }
            var excluded = Set(
                (0..<Int.random(in: 0...20, using: &random)).map { _ in
                    UserID("c\(Int.random(in: 1..<40, using: &random))")
                })
            // Most often the deck's case, every queued card already shown; sometimes not.
            if round % 3 != 0 { excluded.formUnion(queue.map(\.id)) }
            let (ranked, merged) = CandidateRanker.rankAndMerge(
                page, into: queue, for: viewer, excluding: excluded)
            var shown = excluded
            let recorded = CandidateRanker.rankAndMerge(page, into: queue, for: viewer, recordingIn: &shown)
            #expect(recorded == merged)
            #expect(shown == excluded.union(ranked.map(\.id)))
        }
    }
}
