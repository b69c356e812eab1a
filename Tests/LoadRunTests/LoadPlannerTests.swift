import LoadRun
import Testing

/// The seeded plan: the same seed makes the same day; its likes cross; every loop is bounded.
@Suite struct LoadPlannerTests {
    @Test func sameSeed_makesTheSamePlan_anotherSeedAnother() {
        let first = LoadPlanner.plan(people: 30, daySeconds: 120, seed: 7)
        let second = LoadPlanner.plan(people: 30, daySeconds: 120, seed: 7)
        let other = LoadPlanner.plan(people: 30, daySeconds: 120, seed: 8)
        #expect(first.scripts == second.scripts)
        #expect(first.mutualPairs == second.mutualPairs)
        #expect(first.unmatchedPairs == second.unmatchedPairs)
        #expect(first.scripts != other.scripts)
    }

    @Test func mutualPairs_likeEachOther_andAreNeighbours() {
        let plan = LoadPlanner.plan(people: 50, daySeconds: 120, seed: 3)
        #expect(!plan.mutualPairs.isEmpty)
        for pair in plan.mutualPairs {
            #expect(plan.scripts[pair.first].likes.contains(pair.second))
            #expect(plan.scripts[pair.second].likes.contains(pair.first))
            #expect(pair.second - pair.first <= LoadPlanner.neighbourhood)
        }
        for script in plan.scripts {
            if let superLike = script.superLike { #expect(script.likes.contains(superLike)) }
            #expect(script.likes.allSatisfy { abs($0 - script.person) <= LoadPlanner.neighbourhood })
        }
    }

    @Test func everyDay_startsWithSignUpAndProfile_andKeepsItsStepsInTimeOrder_withinTheDay() {
        let plan = LoadPlanner.plan(people: 20, daySeconds: 90, seed: 11)
        for script in plan.scripts {
            #expect(script.actions.prefix(2).map(\.step) == [.signUp, .setUpProfile])
            #expect(zip(script.actions, script.actions.dropFirst()).allSatisfy { $0.at <= $1.at })
            #expect(script.actions.allSatisfy { $0.at >= 0 && $0.at <= plan.daySeconds })
        }
    }

    @Test func messages_areOnlyBetweenMutualPairs_numberedFromOne_withNoUnmatchedPairSpeakingAfterItsEnd() {
        let plan = LoadPlanner.plan(people: 40, daySeconds: 120, seed: 5)
        let mutual = Set(plan.mutualPairs)
        var ends: [LoadPair: Double] = [:]
        for script in plan.scripts {
            for action in script.actions {
                if case .unmatch(let other) = action.step { ends[LoadPair(script.person, other)] = action.at }
            }
        }
        #expect(Set(ends.keys) == Set(plan.unmatchedPairs))
        for script in plan.scripts {
            var numbers: [Int: [Int]] = [:]
            for action in script.actions {
                guard case .send(let other, let number) = action.step else { continue }
                #expect(mutual.contains(LoadPair(script.person, other)))
                #expect(action.at < ends[LoadPair(script.person, other)] ?? .infinity)
                numbers[other, default: []].append(number)
            }
            for sent in numbers.values { #expect(sent == Array(1...sent.count)) }
        }
    }

    @Test func aTinyRun_isPlannedOverTheShortestDay_andTwoPeopleAreNeighbours() {
        let plan = LoadPlanner.plan(people: 2, daySeconds: 1, seed: 1)
        #expect(plan.daySeconds == LoadPlanner.minimumDaySeconds)
        #expect(LoadPlanner.neighbours(of: 0, people: 2) == [1])
        #expect(LoadPlanner.neighbours(of: 7, people: 20) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12])
    }

    @Test func messageTexts_nameTheirSenderRecipientAndNumber_andOtherTextsNameNothing() {
        let text = LoadMessageText.make(from: 3, to: 17, number: 5)
        #expect(text == "p3>p17 #5")
        #expect(LoadMessageText.parse(text)! == (3, 17, 5))
        #expect(LoadMessageText.parse("hello there") == nil)
        #expect(LoadMessageText.parse("p3>q17 #5") == nil)
    }

    @Test func usernames_roundTrip_andBirthDatesAreValidDays() {
        #expect(LoadPlan.username(of: 42) == "person42")
        #expect(LoadPlan.person(ofUsername: "person42") == 42)
        #expect(LoadPlan.person(ofUsername: "alice") == nil)
        #expect(LoadPlan.birthDate(of: 0) == "1990-01-01")
        #expect(LoadPlan.birthDate(of: 1999) == "1999-08-17")
    }
}
