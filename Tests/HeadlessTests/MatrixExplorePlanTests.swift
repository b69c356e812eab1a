import Foundation
import HeadlessFrontEnd
import ScenarioLanguage
import Testing

@testable import ScenarioExplorer

/// What `discover explore --backend matrix` does and checks on a real homeserver, without one: the
/// steps it makes are those the Matrix world supports, its own failures are not the app's, and
/// Synapse's tokens count as secrets. (The live run is `MatrixExploreTests` in CLITests.)
@MainActor
@Suite struct MatrixExplorePlanTests {
    /// A Matrix world on a port nothing listens on: every request is refused at once.
    func unreachableWorld() throws -> (MatrixScenarioWorld, URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("matrix-explore-plan-\(UUID().uuidString)", isDirectory: true)
        let homeserver = try #require(URL(string: "http://127.0.0.1:1"))
        return (MatrixScenarioWorld(homeserver: homeserver, directory: directory), directory)
    }

    @Test func onMatrix_theGenerator_makesNoServerFailure_noGeneratedPerson_andOnlyShortRealWaits() throws {
        let (world, directory) = try unreachableWorld()
        defer { try? FileManager.default.removeItem(at: directory) }
        for seed: UInt64 in 1...5 {
            var generator = StepGenerator(seed: seed, plan: MatrixScenarioWorld.plan)
            for _ in 0..<500 {
                let step = generator.next(in: world)
                switch step {
                case .serverFailsNext, .serverFails: Issue.record("seed \(seed): \(step.scenarioLine)")
                case .wait(let duration): #expect(duration <= .seconds(3), "\(step.scenarioLine)")
                case .matchesMe(let name), .likesMe(let name, _), .sends(let name, _), .reads(let name),
                    .types(let name), .unmatchesMe(let name):
                    #expect(!name.hasPrefix("c"), "a generated person: \(step.scenarioLine)")
                default: break
                }
            }
        }
    }

    @Test func onMatrix_aRunSignsInAndMakesAMatchFirst_onEmbedded_itOnlyLaunches() {
        let matrix = StepGenerator.prelude(seed: 1, plan: MatrixScenarioWorld.plan)
        #expect(matrix.first == .givenDemoPeople)
        #expect(matrix.contains(.type("bob", into: "Username or email")))
        #expect(matrix.last == .matchesMe("carol"))
        #expect(
            StepGenerator.prelude(seed: 1, plan: EmbeddedScenarioWorld.plan) == [.givenDemoPeople, .launch])
    }

    @Test func aMatrixWorldsOwnFailure_isNotAnUnhandledErrorOfTheApp_butFailsTheSetUp() throws {
        let (world, directory) = try unreachableWorld()
        let session = ExploreSession(world: world, directory: directory)
        // Nobody can be signed up on a server that refuses: the world notes it as its own failure.
        guard case .held = session.perform(.givenDemoPeople) else {
            Issue.record("given demo people did not run")
            return
        }
        #expect(session.setUpFailure()?.contains("could not add alice") == true)
        _ = session.finish()
    }

    @Test func aShrinkerKeepingThePrelude_neverRemovesIt_andStillShrinksTheRest() throws {
        // On Matrix the prelude (signing in, a match) is kept; shown here on the embedded backend,
        // whose replays are fast, with a fault the explorer finds.
        let explorer = Explorer(faults: .duplicateMessageWithoutID)
        let run = explorer.explore(seed: 1, steps: 3_000)
        let violation = try #require(run.violation)
        let kept = Array(run.steps.prefix(4))
        var shrinker = ExploreShrinker(explorer: explorer)
        shrinker.kept = kept
        let shrunk = shrinker.shrink(run.steps, breaking: violation)
        #expect(shrunk.steps.starts(with: kept))
        #expect(shrunk.violation.kind == violation.kind)
        #expect(shrunk.steps.count <= 14, "\(shrunk.steps.count) steps")
    }

    @Test func synapsesTokens_countAsSecretsInTheTranscript() {
        let secrets = ExploreSecrets(tokenStarts: MatrixScenarioWorld.plan.tokenStarts)
        #expect(secrets.secret(in: "Authorization: Bearer syt_YWxpY2U_abc_123") == "a token")
        #expect(secrets.secret(in: "refresh with syr_abc") == "a token")
        #expect(secrets.secret(in: "syntax is fine") == nil)
    }
}
