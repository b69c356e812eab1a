import Foundation
import ScenarioLanguage

/// What `discover explore` prints and writes: a shrunk failure as a scenario file, and the summary
/// (as text or JSON).
public struct ExploreReport: Codable, Hashable, Sendable {
    /// One seed's violation, shrunk.
    public struct Failure: Codable, Hashable, Sendable {
        /// The seed that found it.
        public var seed: UInt64
        /// The invariant broken (``ExploreViolation/Kind``'s raw value).
        public var kind: String
        /// What was seen (after shrinking).
        public var message: String
        /// The steps the run had taken when it broke the invariant.
        public var steps: Int
        /// The steps of the shrunk scenario.
        public var shrunkSteps: Int
        /// Where the shrunk scenario was written, if it was.
        public var file: String?

        /// A failure found at `seed`, shrunk from `steps` to `shrunkSteps` steps and written to `file`.
        public init(seed: UInt64, kind: String, message: String, steps: Int, shrunkSteps: Int, file: String?)
        {
            self.seed = seed
            self.kind = kind
            self.message = message
            self.steps = steps
            self.shrunkSteps = shrunkSteps
            self.file = file
        }
    }

    /// The backend explored: `embedded` or `matrix`.
    public var backend = "embedded"
    /// The seeds explored.
    public var seeds: [UInt64] = []
    /// The steps run, over every seed (not counting shrinking's replays).
    public var steps = 0
    /// The time the exploration took, shrinking excluded.
    public var seconds = 0.0
    /// Steps per second of exploration.
    public var stepsPerSecond = 0.0
    /// The violations found, one per seed at most.
    public var violations: [Failure] = []

    /// An empty report, filled in as the exploration goes.
    public init() {}

    /// The summary line: `explore: 5 seeds, 10000 steps in 1.2 s (8300 steps/s), 0 violations`.
    public var text: String {
        "explore: \(seeds.count) seed\(seeds.count == 1 ? "" : "s"), \(steps) steps in "
            + String(format: "%.2f s (%.0f steps/s)", seconds, stepsPerSecond)
            + ", \(violations.count) violation\(violations.count == 1 ? "" : "s")"
    }

    /// The summary as JSON, keys sorted.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    /// A shrunk failure as a scenario file: comments saying what it breaks and how it was found and
    /// is replayed, a header, and one step per line. `backendOptions` are the command line's options
    /// that chose the backend (` --backend matrix --homeserver <url>`), empty for the embedded one.
    public static func scenario(
        _ steps: [ScenarioStep], violation: ExploreViolation, seed: UInt64, originalSteps: Int,
        faultNames: [String], backendOptions: String = ""
    ) -> String {
        let faults = backendOptions + faultNames.map { " --fault \($0)" }.joined()
        let lines =
            [
                "# Found by: discover explore --seed \(seed)\(faults) (\(originalSteps) steps, shrunk to \(steps.count))",
                "# It breaks: \(commentSafe(violation.description))",
                "# Replay it: discover explore --replay <this file>\(faults)",
                "scenario: explore seed \(seed) breaks \(violation.kind.rawValue)",
            ] + steps.map(\.scenarioLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` fit for a comment: one line, every character a line may not hold escaped, at most 300
    /// characters.
    static func commentSafe(_ text: String) -> String {
        let quoted = ScenarioStep.quoted(String(text.prefix(300)))
        return String(quoted.dropFirst().dropLast())
    }
}
