import Foundation
import HeadlessFrontEnd
import ScenarioLanguage
import Testing

/// Hostile scenario files never crash the parser: every one either parses or is a located error.
///
/// `everyScenarioMutated_answersPassFailOrASyntaxError_inBoundedTime` mutates every file in
/// `Scenarios/` (a sample of 150 inputs in a plain `swift test`; CI runs 10,000 with
/// `DISCOVER_FUZZ_RUNS=10000`; `DISCOVER_FUZZ_SEED` changes the seed) and prints its counts as a line
/// starting with `fuzz:`.
@Suite struct ScenarioFuzzTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    @Test func randomAndMutatedFiles_parseOrFailWithALocation() {
        var random = Generator(state: 42)
        let pieces = [
            "scenario:", "given", "demo", "people", "tap", "\"", "\\", "\\q", "wait", "99999999999999999999h",
            "5s",
            "-1", "expect", "event", "a=b", "=", "\n", "\r\n", " ", "\t", "#", "😀", "\u{0}", "\u{202E}",
            "type", "into",
            "swipe", "up", "server", "fails", "next", "signIn", "candidates", "10000001", "user", "born",
            "2000-02-30", "@smoke", "@", "scenario outline:", "examples:", "|", "| a |", "<a>", "<", ">",
        ]
        for _ in 0..<600 {
            var text = Bool.random(using: &random) ? "scenario: fuzz\n" : ""
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                text += pieces.randomElement(using: &random) ?? ""
                text += Bool.random(using: &random) ? " " : ""
            }
            switch ScenarioParser.parseFile(text, path: "fuzz.scenario") {
            case .success(let scenarios):
                #expect(!scenarios.isEmpty && scenarios.allSatisfy { !$0.name.isEmpty })
            case .failure(let error):
                #expect(error.line >= 1)
                #expect(error.column >= 1)
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func hugeNumbersAndDurations_areErrorsNotCrashes() {
        for line in [
            "wait 999999999999d", "wait 9999999999s", "given candidates 99999999999999999999",
            "expect outbox -3",
        ] {
            guard case .failure = ScenarioParser.parse("scenario: x\n\(line)\n", path: "x") else {
                Issue.record("\(line) should be refused")
                continue
            }
        }
    }

    /// What the mutated inputs came to.
    struct Tally: CustomStringConvertible {
        var seed: UInt64 = 0
        var files = 0
        var inputs = 0
        var byLevel: [ScenarioMutator.Level: Int] = [:]
        var syntaxErrors = 0
        var parsed = 0
        var passed = 0
        var failed = 0
        var slowestParse = Duration.zero
        var slowestRun = Duration.zero

        var description: String {
            "fuzz: \(inputs) inputs from \(files) scenarios (seed \(seed); \(byLevel[.byte] ?? 0) byte-level, "
                + "\(byLevel[.token] ?? 0) token-level): \(syntaxErrors) syntax errors (exit 2), \(parsed) parsed; "
                + "ran them: \(passed) passed (exit 0), \(failed) failed (exit 1); "
                + "slowest parse \(Self.milliseconds(slowestParse)) ms, slowest run \(Self.milliseconds(slowestRun)) ms"
        }

        static func milliseconds(_ duration: Duration) -> Int64 {
            duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        }
    }

    /// Every scenario of the repository, mutated at the byte and the token level: each input is
    /// decoded and parsed as `discover run` does and ends as a syntax error with a location and a short
    /// description (exit code 2), or parses, runs, and passes (0) or fails with a message (1), each in
    /// bounded time. Seeded, so every run makes the same inputs.
    @MainActor
    @Test func everyScenarioMutated_answersPassFailOrASyntaxError_inBoundedTime() async throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["DISCOVER_FUZZ_RUNS"].flatMap { Int($0) } ?? 150
        var tally = Tally(seed: environment["DISCOVER_FUZZ_SEED"].flatMap { UInt64($0) } ?? 24)
        let files = try ScenarioFiles.collect([DemoTests.scenariosFolder.path]).get()
        let originals = try files.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        tally.files = files.count
        var mutator = ScenarioMutator(random: Generator(state: tally.seed))
        let runner = ScenarioRunner.embedded()
        let clock = ContinuousClock()
        for input in 0..<count {
            let path = "fuzz-\(input).scenario"
            let (bytes, level) = mutator.mutate(originals[input % originals.count])
            let origin = "\(path), \(level)-level from \(files[input % files.count])"
            tally.inputs += 1
            tally.byLevel[level, default: 0] += 1
            var outcome: Result<[Scenario], ScenarioSyntaxError>?
            let parsing = clock.measure {
                outcome = ScenarioFiles.decode(Data(bytes), path: path).flatMap {
                    ScenarioParser.parseFile($0, path: path)
                }
            }
            tally.slowestParse = max(tally.slowestParse, parsing)
            // The issue asks for a time bound per input (a parse takes milliseconds); the bounds are
            // generous because the machine running the tests may be loaded.
            #expect(parsing < .seconds(2), "\(origin) parsed slowly")
            switch outcome {
            case .failure(let error):
                tally.syntaxErrors += 1
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "\(origin)")
                #expect(error.description.hasPrefix("\(path):\(error.line):\(error.column): error: "))
                #expect(
                    error.description.unicodeScalars.count < 2_000, "\(origin): the error echoes too much")
            case .success(let scenarios):
                tally.parsed += 1
                // An outline makes one scenario per example: the first runs, so each input costs one run.
                guard let scenario = scenarios.first else {
                    Issue.record("\(origin) parsed to no scenario")
                    continue
                }
                #expect(!scenario.name.isEmpty)
                var result: ScenarioResult?
                let running = clock.measure { result = runner.run(scenario).result }
                tally.slowestRun = max(tally.slowestRun, running)
                #expect(running < .seconds(10), "\(origin) ran slowly")
                if let failure = result?.failure {
                    tally.failed += 1
                    #expect(!failure.message.isEmpty, "\(origin)")
                } else {
                    tally.passed += 1
                }
                await Task.yield()  // lets the other tests on the main actor take turns
            case nil: Issue.record("\(origin) gave no outcome")
            }
        }
        // Written at once, on a line of its own, for CI's log (`.ci/run` shows it).
        FileHandle.standardOutput.write(Data("\n\(tally)\n".utf8))
        #expect(tally.syntaxErrors + tally.passed + tally.failed == count)
    }
}
