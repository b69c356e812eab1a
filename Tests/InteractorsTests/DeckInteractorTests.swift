import Foundation
import Interactors
import Models
import Testing

@Suite struct CandidateRankerTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let viewer = CandidateRanker.Viewer(
        id: "me", interests: [Interest("Music"), Interest("Books")],
        preferences: SearchPreferences(minimumAge: 20, maximumAge: 30, maximumDistanceKm: 10))

    func candidate(
        _ id: String, age: Int = 25, km: Int = 5, interests: [String] = [], activeAgo: TimeInterval = 0
    ) -> Candidate {
        Candidate(
            id: UserID(id), displayName: id, age: age, bio: "", interests: interests.map(Interest.init),
            distanceKm: km, lastActiveAt: now - activeAgo)
    }

    @Test func excludesSelf_swiped_blocked_andOutsideThePreferences() {
        let page = [
            candidate("me"), candidate("swiped"), candidate("young", age: 19), candidate("old", age: 31),
            candidate("far", km: 11), candidate("ok"), candidate("edge", age: 30, km: 10),
        ]
        let ranked = CandidateRanker.rank(page, for: viewer, excluding: ["swiped"])
        #expect(Set(ranked.map(\.id)) == ["ok", "edge"])
    }

    @Test func ordersBySharedInterests_thenDistance_thenRecentActivity_thenID() {
        let page = [
            candidate("b", km: 2, activeAgo: 10), candidate("a", km: 2, activeAgo: 10),
            candidate("recent", km: 2, activeAgo: 0), candidate("near", km: 1, activeAgo: 100),
            candidate("shares", km: 9, interests: ["Music"]),
            candidate("sharesTwo", km: 9, interests: ["Music", "Books"]),
        ]
        let ranked = CandidateRanker.rank(page, for: viewer, excluding: []).map(\.id.rawValue)
        #expect(ranked == ["sharesTwo", "shares", "near", "recent", "a", "b"])
        #expect(
            CandidateRanker.rank(page.reversed(), for: viewer, excluding: []).map(\.id.rawValue) == ranked)
    }

    @Test func duplicatesWithinAPage_appearOnce() {
        let ranked = CandidateRanker.rank([candidate("x"), candidate("x")], for: viewer, excluding: [])
        #expect(ranked.map(\.id) == ["x"])
    }

    @Test func merge_keepsTheTopCard_ranksTheRest_andDropsWhatIsAlreadyQueued() {
        let queue = [candidate("top", km: 9), candidate("mid", km: 5)]
        let page = [candidate("best", km: 1), candidate("mid", km: 5), candidate("worst", km: 8)]
        let merged = CandidateRanker.merge(page, into: queue, for: viewer).map(\.id.rawValue)
        #expect(merged == ["top", "best", "mid", "worst"])
        #expect(
            CandidateRanker.merge(page, into: [], for: viewer).map(\.id.rawValue) == ["best", "mid", "worst"])
    }

    /// Counting shared interests once per candidate must not change the order `ranksAbove` defines.
    @Test func rankAndMerge_followRanksAbove_onManyCandidatesWithTies() {
        let interests = ["Music", "Books", "Films", "Hiking"]
        var pool: [Candidate] = []
        for index in 0..<300 {
            pool.append(
                candidate(
                    "c\(index)", km: index % 4,
                    interests: interests.enumerated().filter { (index >> $0.offset) & 1 == 1 }.map(\.element),
                    activeAgo: TimeInterval(index % 3)))
        }
        func isRanked(_ list: ArraySlice<Candidate>) -> Bool {
            zip(list, list.dropFirst()).allSatisfy { !CandidateRanker.ranksAbove($1, $0, for: viewer) }
        }
        let ranked = CandidateRanker.rank(pool, for: viewer, excluding: [])
        #expect(ranked.count == 300 && isRanked(ranked[...]))
        let queue = Array(ranked.prefix(150).enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        let page = CandidateRanker.rank(Array(pool.suffix(200)), for: viewer, excluding: [])
        let merged = CandidateRanker.merge(page, into: queue, for: viewer)
        #expect(merged.first?.id == queue.first?.id)
        #expect(isRanked(merged.dropFirst()))
        #expect(Set(merged.map(\.id)).count == merged.count)
        #expect(Set(merged.map(\.id)) == Set((queue + page).map(\.id)))
    }

    /// The deck's one-pass ranking and merging must give exactly what ranking, then merging, gives,
    /// and add exactly the ranked cards to what it records as shown.
    @Test func rankAndMerge_equalsRankThenMerge_withTheQueueExcludedOrNot() {
        let interests = ["Music", "Books", "Films", "Hiking"]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            // A small deterministic generator (xorshift), so a failure repeats.
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Int(seed % UInt64(bound))
        }
        for _ in 0..<400 {
            let pool = (0..<(1 + next(40))).map { _ in
                candidate(
                    "c\(next(60))", age: 18 + next(16), km: next(12),
                    interests: interests.filter { _ in next(2) == 0 }, activeAgo: TimeInterval(next(3)))
            }
            let queue = CandidateRanker.rank(
                Array(pool.prefix(next(8))), for: viewer, excluding: [])
            let page = Array(pool.dropFirst(next(pool.count)))
            var excluded = Set((0..<next(10)).map { _ in UserID("c\(next(60))") })
            if next(3) != 0 { excluded.formUnion(queue.map(\.id)) }
            let ranked = CandidateRanker.rank(page, for: viewer, excluding: excluded)
            let expected = CandidateRanker.merge(ranked, into: queue, for: viewer)
            var shown = excluded
            let recorded = CandidateRanker.rankAndMerge(
                page, into: queue, for: viewer, recordingShownIn: &shown)
            #expect(recorded == expected)
            #expect(shown == excluded.union(ranked.map(\.id)))
        }
    }

    @Test func sharedInterests_countEachOfTheCandidatesFoundInTheViewers_forFewAndManyInterests() {
        let names = (0..<16).map { "Interest \($0)" }
        for viewerCount in [0, 1, 3, 10, 11, 16] {
            let viewerInterests = Set(names.prefix(viewerCount).map(Interest.init))
            let viewer = CandidateRanker.Viewer(id: "me", interests: viewerInterests, preferences: .default)
            for index in 0..<64 {
                let picked = names.enumerated().filter { ($0.offset * 7 + index) % 5 < 2 }.map(\.element)
                let card = candidate("c\(index)", interests: picked + picked.prefix(1))
                let expected = card.interests.filter { viewerInterests.contains($0) }.count
                #expect(CandidateRanker.sharedInterests(card, viewer) == expected)
            }
        }
    }
}

@Suite struct SwipeLimiterTests {
    let reset = Date(timeIntervalSince1970: 86_400)
    var allowance: SwipeAllowance {
        SwipeAllowance(
            dailyLikes: 2, likesRemaining: 1, dailySuperLikes: 1, superLikesRemaining: 0, resetsAt: reset)
    }

    @Test func aPass_isAlwaysAllowed_andSpendsNothing() {
        var empty = allowance
        empty.likesRemaining = 0
        #expect(SwipeLimiter.decide(.pass, allowance: empty, at: reset - 1) == .allowed(empty))
    }

    @Test func aLike_spendsALike_untilNoneAreLeft() {
        guard case .allowed(let after) = SwipeLimiter.decide(.like, allowance: allowance, at: reset - 1)
        else {
            Issue.record("the like should be allowed")
            return
        }
        #expect(after.likesRemaining == 0)
        #expect(SwipeLimiter.decide(.like, allowance: after, at: reset - 1) == .outOfLikes(resetsAt: reset))
    }

    @Test func aSuperLike_spendsItsOwnAllowance() {
        #expect(
            SwipeLimiter.decide(.superLike, allowance: allowance, at: reset - 1)
                == .outOfSuperLikes(resetsAt: reset))
    }

    @Test func afterTheReset_theDailyCountsReturn_andTheNextResetIsWholeDaysLater() {
        let current = SwipeLimiter.current(allowance, at: reset + 3 * 86_400 + 5)
        #expect(current.likesRemaining == 2)
        #expect(current.superLikesRemaining == 1)
        #expect(current.resetsAt == reset + 4 * 86_400)
        #expect(SwipeLimiter.current(allowance, at: reset - 1) == allowance)
    }

    @Test func aLikeRefusedForGood_isGivenBack_onlyOnItsOwnDay_andNeverAboveTheDailyCount() {
        func swipe(_ action: SwipeAction, at date: Date) -> Swipe {
            Swipe(id: "s", candidate: UserID("c"), action: action, swipedAt: date)
        }
        let today = reset - 60
        #expect(SwipeLimiter.refunding(swipe(.like, at: today), to: allowance).likesRemaining == 2)
        #expect(SwipeLimiter.refunding(swipe(.superLike, at: today), to: allowance).superLikesRemaining == 1)
        // Made on the day before (queued offline): that day's like, not today's.
        #expect(SwipeLimiter.refunding(swipe(.like, at: reset - 86_400 - 1), to: allowance) == allowance)
        #expect(SwipeLimiter.refunding(swipe(.pass, at: today), to: allowance) == allowance)
        var full = allowance
        full.likesRemaining = 2
        #expect(SwipeLimiter.refunding(swipe(.like, at: today), to: full) == full)
    }

    @Test func theServersAllowance_lessTheQueuedLikesAndSuperLikes_neverBelowZero() {
        let swipes = [SwipeAction.like, .pass, .superLike, .like].enumerated().map { index, action in
            Swipe(id: "s\(index)", candidate: UserID("c\(index)"), action: action, swipedAt: reset)
        }
        var server = allowance
        server.likesRemaining = 3
        server.superLikesRemaining = 1
        let left = SwipeLimiter.allowance(server, lessQueued: swipes)
        #expect(left.likesRemaining == 1 && left.superLikesRemaining == 0)
        #expect(SwipeLimiter.allowance(allowance, lessQueued: swipes).likesRemaining == 0)
        #expect(SwipeLimiter.allowance(allowance, lessQueued: []) == allowance)
    }

    @Test func theCountdown_roundsUpToWholeSeconds_andTicksAtEachWholeMinuteLeft() {
        #expect(SwipeLimiter.secondsUntil(reset, from: reset - 90.2) == 91)
        #expect(SwipeLimiter.secondsUntil(reset, from: reset + 5) == 0)
        #expect(SwipeLimiter.secondsUntil(reset + 400 * 86_400, from: reset) == 366 * 86_400)
        #expect(SwipeLimiter.countdownStep(secondsLeft: 125) == .seconds(5))
        #expect(SwipeLimiter.countdownStep(secondsLeft: 120) == .seconds(60))
        #expect(SwipeLimiter.countdownStep(secondsLeft: 30) == .seconds(30))
        #expect(SwipeLimiter.countdownStep(secondsLeft: 0) == .seconds(1))
    }
}

@Suite struct MatchDetectorTests {
    let now = Date(timeIntervalSince1970: 5)

    func candidate(likedYou: Bool) -> Candidate {
        Candidate(
            id: "carol", displayName: "Carol", age: 27, bio: "", interests: [], distanceKm: 1,
            lastActiveAt: now,
            likedYou: likedYou)
    }

    @Test func aLikeOrSuperLikeOnSomeoneWhoLikedYou_isAMatch() {
        let expected = Match(id: "m-alice~carol", user: "carol", displayName: "Carol", matchedAt: now)
        #expect(
            MatchDetector.match(viewer: "alice", swiping: .like, on: candidate(likedYou: true), at: now)
                == expected)
        #expect(
            MatchDetector.match(viewer: "alice", swiping: .superLike, on: candidate(likedYou: true), at: now)
                == expected)
    }

    @Test func aPass_orALikeOnSomeoneWhoDidNotLikeYou_isNot() {
        #expect(
            MatchDetector.match(viewer: "alice", swiping: .pass, on: candidate(likedYou: true), at: now)
                == nil)
        #expect(
            MatchDetector.match(viewer: "alice", swiping: .like, on: candidate(likedYou: false), at: now)
                == nil)
    }

    @Test func bothSides_computeTheSameMatchID() {
        #expect(Match.id(between: "alice", and: "carol") == Match.id(between: "carol", and: "alice"))
    }
}

@Suite struct DeckPolicyTests {
    @Test func retryDelays_growExponentially_andAreCapped() {
        #expect(
            (1...7).map(RetryPolicy.delay(forAttempt:)) == [2, 4, 8, 16, 32, 60, 60].map(Duration.seconds))
        #expect(RetryPolicy.delay(forAttempt: 1_000) == .seconds(60))
    }

    @Test func refill_happensAtTheThreshold_onlyWhenNothingStopsIt() {
        #expect(
            DeckRefillPolicy.shouldFetch(cardsLeft: 5, isLoading: false, isExhausted: false, hasFailed: false)
        )
        #expect(
            !DeckRefillPolicy.shouldFetch(
                cardsLeft: 6, isLoading: false, isExhausted: false, hasFailed: false))
        #expect(
            !DeckRefillPolicy.shouldFetch(cardsLeft: 0, isLoading: true, isExhausted: false, hasFailed: false)
        )
        #expect(
            !DeckRefillPolicy.shouldFetch(cardsLeft: 0, isLoading: false, isExhausted: true, hasFailed: false)
        )
        #expect(
            !DeckRefillPolicy.shouldFetch(cardsLeft: 0, isLoading: false, isExhausted: false, hasFailed: true)
        )
    }
}
