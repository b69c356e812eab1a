import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import TestSupport
import Testing

/// The repository's scenarios, run in-process: the demo in detail, and every file in `Scenarios/`.
@MainActor
@Suite struct DemoTests {
    nonisolated static let scenariosFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    func load(_ path: String) throws -> Scenario {
        let url = Self.scenariosFolder.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        return try ScenarioParser.parse(text, path: "Scenarios/" + path).get()
    }

    @Test func theDemo_runsEndToEnd_swipesToAMatch_andEndsSignedInOnHome() throws {
        let (result, world) = ScenarioRunner.embedded().run(try load("demo.scenario"))
        #expect(result.failure == nil)
        let screens = result.transcript.compactMap { entry -> ScreenID? in
            if case .screen(let id, _) = entry.kind { return id }
            return nil
        }
        var sequence: [ScreenID] = []
        for id in screens where sequence.last != id { sequence.append(id) }
        #expect(
            sequence == [
                .launching, .welcome, .signUp, .profileSetup, .home, .match, .home, .chat, .home, .welcome,
                .signIn,
                .home, .profile, .home,
            ])
        // The runner ends the process after the last step; the last home screen shows who was signed in.
        let lastHome = result.transcript.last { entry in
            if case .screen(.home, _) = entry.kind { return true }
            return false
        }
        #expect(lastHome?.description.contains("Signed in as Sam (@sam)") == true)
        #expect(world.transcript.events.contains(.matched("alice")))
        #expect(world.transcript.events.contains(.rewound("alice")))
        #expect(world.transcript.events.contains(.loginFailed(.signIn, .wrongCredentials)))
    }

    /// One scenario of the repository: a file, or one example of an outline file.
    struct RepositoryScenario: Sendable, CustomTestStringConvertible {
        /// The file under `Scenarios/`.
        let file: String
        /// The example's 1-based number, for an outline.
        let example: Int?

        var testDescription: String { example.map { "\(file), example \($0)" } ?? file }
    }

    /// Every file in `Scenarios/`, an outline once per example; a file that does not parse is listed
    /// once, and its test reports the syntax error.
    nonisolated static let repositoryScenarios: [RepositoryScenario] = {
        let folder = scenariosFolder.path
        let files = (try? ScenarioFiles.collect([folder]).get()) ?? []
        return files.flatMap { path -> [RepositoryScenario] in
            let file = String(path.dropFirst(folder.count + 1))
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            guard case .success(let scenarios) = ScenarioParser.parseFile(text, path: path),
                scenarios.count > 1
            else { return [RepositoryScenario(file: file, example: nil)] }
            return scenarios.indices.map { RepositoryScenario(file: file, example: $0 + 1) }
        }
    }()

    @Test func theRepository_holdsTheScenariosOfEveryUseCase() {
        #expect(Self.repositoryScenarios.count >= 20)
    }

    /// Each file (each example of an outline) is its own test case, so a failure names the file, the
    /// step and the screens.
    @Test(arguments: repositoryScenarios)
    func everyScenarioInTheRepository_passes(_ case: RepositoryScenario) throws {
        let text = try String(
            contentsOf: Self.scenariosFolder.appendingPathComponent(`case`.file), encoding: .utf8)
        let scenarios = try ScenarioParser.parseFile(text, path: "Scenarios/" + `case`.file).get()
        let index = (`case`.example ?? 1) - 1
        try #require(scenarios.indices.contains(index), "\(`case`.file) has \(scenarios.count) scenarios")
        let result = ScenarioRunner.embedded().run(scenarios[index]).result
        #expect(result.failure == nil, "\(ScenarioReport.text(for: result, colour: false))")
    }
}
