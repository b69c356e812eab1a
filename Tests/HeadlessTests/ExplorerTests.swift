import EmbeddedBackend
import HeadlessFrontEnd
import Models
import ScenarioExplorer
import ScenarioLanguage
import Testing

/// `discover explore` proves itself: each fault switched on in the embedded server is found from one
/// of a range of seeds within a bounded number of steps and shrunk to a small scenario that
/// reproduces it; a clean build explores without a violation; the scenarios it writes read back as
/// the same steps.
@MainActor
@Suite struct ExplorerTests {
    /// A fault and the invariant it breaks.
    struct FaultCase: Sendable, CustomTestStringConvertible {
        let name: String
        let fault: EmbeddedFaults
        let kind: ExploreViolation.Kind
        var testDescription: String { name }
    }

    nonisolated static let faults = [
        FaultCase(name: "duplicate-message", fault: .duplicateMessageWithoutID, kind: .duplicateItem),
        FaultCase(name: "drop-answer", fault: .dropAnswer, kind: .stuckItem),
        FaultCase(name: "reorder-pages", fault: .reorderPages, kind: .missingMessage),
    ]

    /// The seeds a fault is looked for with, in turn: which one finds it is not the point, that one
    /// of them does within a bounded run is (a change of the steps' mix moves a fault to another seed).
    nonisolated static let seeds: ClosedRange<UInt64> = 1...12

    @Test(arguments: faults)
    func eachFault_isFoundWithinABoundedRun_andShrunkToASmallScenarioThatReproducesIt(_ fault: FaultCase)
        throws
    {
        let explorer = Explorer(faults: fault.fault)
        let found = Self.seeds.lazy.map { explorer.explore(seed: $0, steps: 3_000) }.first {
            $0.violation != nil
        }
        guard let run = found, let violation = run.violation else {
            Issue.record(
                "the explorer did not find the \(fault.name) fault with seeds \(Self.seeds), 3,000 steps each"
            )
            return
        }
        #expect(violation.kind == fault.kind)

        let shrunk = explorer.shrink(run.steps, breaking: violation)
        #expect(shrunk.steps.count <= 10, "shrunk to \(shrunk.steps.count) steps")
        #expect(shrunk.violation.kind == fault.kind)

        // The scenario file it writes reads back as the same steps and breaks the same invariant.
        let text = ExploreReport.scenario(
            shrunk.steps, violation: shrunk.violation, seed: run.seed, originalSteps: run.steps.count,
            faultNames: [fault.name])
        let scenario = try ScenarioParser.parse(text, path: "shrunk.scenario").get()
        #expect(scenario.steps.map(\.step) == shrunk.steps)
        let replayed = try explorer.replay(scenario.steps.map(\.step)).get()
        #expect(replayed?.kind == fault.kind)
        // Without the fault, the same steps break nothing.
        #expect(try Explorer().replay(shrunk.steps).get() == nil)
    }

    /// Seed 131's finding, in the explorer's own check (Scenarios/explore has the scenario): a swipe
    /// sent with an expired token refreshes it first, so failures of the refresh fail its attempts.
    @Test func aSwipeGivenUpAfterItsTokenRefreshKeptFailing_isNotTakenForStuck() throws {
        let failures =
            Array(repeating: "server fails next refresh", count: 6)
            + Array(repeating: "server fails next sendSwipe", count: 2)
        let text =
            ([
                "scenario: a swipe given up after its refresh kept failing", "given demo people", "launch",
                "tap \"Log in\"", "type \"alice\" into \"Username or email\"",
                "type \"wonderland\" into \"Password\"", "tap \"Log in\"", "wait 3601s",
            ] + failures + ["swipe left", "wait 10m"]).joined(separator: "\n")
        let scenario = try ScenarioParser.parse(text, path: "given-up.scenario").get()
        #expect(try Explorer().replay(scenario.steps.map(\.step)).get() == nil)
    }

    /// Seed 517's finding, in the explorer's own check: a swipe given up long ago does not make the
    /// next one, just made, count as waiting since then.
    @Test func aSwipeMadeAfterOneWasGivenUp_isNotTakenForStuck() throws {
        let text =
            ([
                "scenario: a swipe made after one was given up", "given demo people", "launch",
                "tap \"Log in\"", "type \"alice\" into \"Username or email\"",
                "type \"wonderland\" into \"Password\"", "tap \"Log in\"",
            ] + Array(repeating: "server fails next sendSwipe", count: 9)
            + ["swipe left", "wait 1d", "swipe left"]).joined(separator: "\n")
        let scenario = try ScenarioParser.parse(text, path: "given-up.scenario").get()
        #expect(try Explorer().replay(scenario.steps.map(\.step)).get() == nil)
    }

    @Test func aCleanBuild_exploresSeveralSeeds_withNoViolation() {
        for seed: UInt64 in [1, 2, 3] {
            let run = Explorer().explore(seed: seed, steps: 400)
            #expect(run.violation == nil, "seed \(seed): \(run.violation.map(\.description) ?? "")")
            #expect(run.steps.count == 402, "the prelude and 400 steps")
        }
    }

    @Test func theSameSeed_makesTheSameSteps() {
        #expect(
            Explorer().explore(seed: 9, steps: 200).steps == Explorer().explore(seed: 9, steps: 200).steps)
    }

    @Test func everyGeneratedStep_readsBackFromItsScenarioLine() throws {
        for seed: UInt64 in [4, 5] {
            for step in Explorer().explore(seed: seed, steps: 500).steps {
                let line = step.scenarioLine
                #expect(try ScenarioParser.parseStep(line).get() == step, "\(line)")
            }
        }
    }

    @Test func hostileText_isWrittenAsAStringTheParserReadsBack() throws {
        let texts = [
            "\"quoted\" \\ back", "e\u{301}", "\u{202E}rtl", "line\u{2028}sep", "\u{0}nul", "tab\there",
            "\u{1F469}\u{200D}\u{1F469}", "👍🏽", "\u{FEFF}bom", "new\nline",
        ]
        for text in texts {
            let step = ScenarioStep.type(text, into: "Message")
            #expect(try ScenarioParser.parseStep(step.scenarioLine).get() == step, "\(step.scenarioLine)")
        }
    }
}
