import EmbeddedBackend
import Foundation
import Headless
import Models
import TestSupport
import Testing

/// The repository's scenarios, run in-process: the demo in detail, and every file in `Scenarios/`.
@MainActor
@Suite struct DemoTests {
    static let scenariosFolder = URL(fileURLWithPath: #filePath)
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

    @Test func everyScenarioInTheRepository_passes() throws {
        let files = try ScenarioFiles.collect([Self.scenariosFolder.path]).get()
        #expect(files.count >= 20)
        let runner = ScenarioRunner.embedded()
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let scenario = try ScenarioParser.parse(text, path: file).get()
            let result = runner.run(scenario).result
            #expect(result.failure == nil, "\(file): \(String(describing: result.failure))")
        }
    }
}
