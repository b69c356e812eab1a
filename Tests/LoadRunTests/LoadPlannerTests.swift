import LoadRun
import Testing

@Suite struct LoadPlannerTests {
    @Test func sameSeed_makesTheSamePlan() {
        let first = LoadPlanner.plan(people: 30, daySeconds: 120, seed: 7)
        let second = LoadPlanner.plan(people: 30, daySeconds: 120, seed: 7)
        #expect(first.scripts == second.scripts)
        #expect(first.mutualPairs == second.mutualPairs)
    }
}
