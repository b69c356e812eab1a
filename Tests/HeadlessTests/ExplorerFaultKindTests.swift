import EmbeddedBackend
import HeadlessFrontEnd
import Models
import ScenarioExplorer
import ScenarioLanguage
import Testing

/// The explorer draws server failures of every kind, and a clean build breaks nothing with them.
@MainActor
@Suite struct ExplorerFaultKindTests {
    /// The kind's name, whatever its wait.
    static func name(of failure: EmbeddedFailure) -> String {
        switch failure {
        case .serverError: "server error"
        case .notFound: "not found"
        case .forbidden: "forbidden"
        case .gone: "gone"
        case .rateLimited: "rate limit"
        case .timeout: "timeout"
        case .malformedAnswer: "malformed answer"
        }
    }

    @Test func fiveSeeds_drawEveryKind_andBreakNothing() {
        var drawn: Set<String> = []
        for seed: UInt64 in 1...5 {
            let run = Explorer().explore(seed: seed, steps: 2_000)
            #expect(run.violation == nil, "seed \(seed): \(String(describing: run.violation))")
            for step in run.steps {
                if case .serverFails(_, let failure, _) = step { drawn.insert(Self.name(of: failure)) }
            }
        }
        #expect(
            drawn == [
                "server error", "not found", "forbidden", "gone", "rate limit", "timeout", "malformed answer",
            ])
    }
}
