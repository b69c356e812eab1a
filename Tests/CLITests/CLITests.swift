import Foundation
import TestSupport
import Testing

/// Runs the built `discover` binary as a process and compares its output and exit code with the
/// files in `Expected/` (regenerate one by running the command in `Tests/CLITests` and reviewing).
@Suite struct CLITests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = folder.deletingLastPathComponent().deletingLastPathComponent()

    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `discover` binary next to the test bundle.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "discover")
    }

    func discover(
        _ arguments: [String], input: String? = nil, in directory: URL = CLITests.folder,
        environment: [String: String] = [:]
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// The golden output `Expected/<name>`, or `actual` written there by `Scripts/regenerate-goldens`.
    func expected(_ name: String, for actual: String) throws -> String {
        try Golden.expected(actual, at: Self.folder.appendingPathComponent("Expected/\(name)"))
    }

    @Test func aPassingScenario_printsPASS_andASummary_andExitsZero() throws {
        let outcome = try discover(["run", "Fixtures/pass.scenario"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try expected("pass.stdout", for: outcome.stdout)))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func aFailingScenario_printsExpectedActualAndTheLastScreens_andExitsOne() throws {
        let outcome = try discover(["run", "Fixtures/pass.scenario", "Fixtures/fail.scenario"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout == (try expected("fail.stdout", for: outcome.stdout)))
    }

    @Test func aSyntaxError_printsFileLineColumnAndACaret_runsNothing_andExitsTwo() throws {
        let outcome = try discover(["run", "Fixtures/pass.scenario", "Fixtures/syntax.scenario"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == (try expected("syntax.stderr", for: outcome.stderr)))
    }

    @Test func junitAndJSONReports_areWritten() throws {
        let directory = TemporaryDirectory()
        let junit = directory.url.appendingPathComponent("report.xml").path
        let transcripts = directory.url.appendingPathComponent("transcripts").path
        let outcome = try discover([
            "run", "Fixtures/pass.scenario", "Fixtures/fail.scenario", "--junit", junit, "--transcript",
            transcripts,
        ])
        #expect(outcome.status == 1)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report == (try expected("junit.xml", for: report)))
        let json = try String(contentsOfFile: transcripts + "/signing-in-works.json", encoding: .utf8)
        #expect(json == (try expected("signing-in-works.json", for: json)))
        #expect(FileManager.default.fileExists(atPath: transcripts + "/a-wrong-expectation-fails.json"))
    }

    @Test func filter_selectsScenariosByName() throws {
        let outcome = try discover([
            "run", "Fixtures/pass.scenario", "Fixtures/fail.scenario", "--filter", "signing",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try expected("pass.stdout", for: outcome.stdout)))
    }

    @Test func play_drivenThroughAPipe_showsScreens_takesSteps_andSavesThemAsAScenario() throws {
        let directory = TemporaryDirectory()
        let input = try String(
            contentsOf: Self.folder.appendingPathComponent("Fixtures/play.input"), encoding: .utf8)
        let outcome = try discover(["play"], input: input, in: directory.url)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try expected("play.stdout", for: outcome.stdout)))
        let saved = try String(
            contentsOf: directory.url.appendingPathComponent("play-recorded.scenario"), encoding: .utf8)
        #expect(saved == (try expected("play-recorded.scenario", for: saved)))
        let replay = try discover(
            ["run", "play-recorded.scenario"], in: directory.url,
            environment: ["DISCOVER_PASSWORD": "wonderland"])
        #expect(replay.stdout == "PASS  play-recorded  (play-recorded.scenario)\n1 passed, 0 failed\n")
    }

    @Test(arguments: ["run", "demo", "tree", "graph", "play", "serve"])
    func everyCommand_hasHelp(_ command: String) throws {
        let outcome = try discover([command, "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("usage: discover \(command)"))
    }

    @Test func unknownCommandsAndOptions_areUsageErrors() throws {
        let command = try discover(["frobnicate"])
        #expect(command.status == 2)
        #expect(command.stderr.hasPrefix("discover: unknown command 'frobnicate'"))
        let option = try discover(["run", "--colour", "Fixtures"])
        #expect(option.status == 2)
        #expect(option.stderr.hasPrefix("discover run: unknown option '--colour'"))
        let nothing = try discover([])
        #expect(nothing.status == 2)
        let missing = try discover(["run", "Fixtures/missing.scenario"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "discover: no such file or folder: Fixtures/missing.scenario\n")
    }

    @Test func workBudget_failsAScenarioThatDoesMoreWork_andMustBeAPositiveNumber() throws {
        let tight = try discover(["run", "Fixtures/pass.scenario", "--work-budget", "1"])
        #expect(tight.status == 1)
        #expect(tight.stdout.contains("this scenario did more than 1 units of work (scheduled tasks run)"))
        let roomy = try discover(["run", "Fixtures/pass.scenario", "--work-budget=1000"])
        #expect(roomy.status == 0)
        for bad in ["0", "-3", "many"] {
            let outcome = try discover(["run", "Fixtures/pass.scenario", "--work-budget", bad])
            #expect(outcome.status == 2)
            #expect(outcome.stderr.hasPrefix("discover run: --work-budget takes a positive whole number"))
        }
    }

    @Test func graph_printsTheMermaidFlowchart_fromTheFlowsDeclarations() throws {
        let outcome = try discover(["graph"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try expected("graph.mmd", for: outcome.stdout)))
    }

    @Test func tree_runsAScenarioPrefix_andPrintsTheLiveTree() throws {
        let outcome = try discover(["tree", "Fixtures/pass.scenario", "--until", "8"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try expected("tree.stdout", for: outcome.stdout)))
    }

    @Test func aOneMegabyteLine_isASyntaxError_inWellUnderASecond() throws {
        let directory = TemporaryDirectory()
        let file = directory.url.appendingPathComponent("long.scenario")
        try Data(("scenario: long\n" + String(repeating: "w", count: 1_000_000) + "\nlaunch\n").utf8).write(
            to: file)
        let start = ContinuousClock.now
        let outcome = try discover(["run", file.path])
        let elapsed = ContinuousClock.now - start
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr.hasPrefix(
                "\(file.path):2:1: error: this line is 1000000 bytes long; a line may be at most 16384 bytes (16 KiB)\n"
            ))
        #expect(outcome.stderr.count < 500)
        // The issue asks for well under a second; the bound is generous because this 2-core machine
        // runs other builds and tests at the same time (the answer itself takes milliseconds).
        #expect(elapsed < .seconds(5))
    }

    @Test func aFileOverOneMebibyte_orNotUTF8_isASyntaxError() throws {
        let directory = TemporaryDirectory()
        let big = directory.url.appendingPathComponent("big.scenario")
        try Data(("scenario: big\n" + String(repeating: "launch\n", count: 200_000)).utf8).write(to: big)
        let bytes = directory.url.appendingPathComponent("bytes.scenario")
        try Data(Array("scenario: bytes\nlaunch\ntap \"".utf8) + [0xC0, 0x80] + Array("\"\n".utf8)).write(
            to: bytes)
        let outcome = try discover(["run", big.path, bytes.path])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr.hasPrefix(
                "\(big.path):1:1: error: the file is larger than 1048576 bytes (1 MiB), the most a scenario file may hold\n"
            ))
        #expect(
            outcome.stderr.contains(
                "\(bytes.path):3:6: error: the byte 0xC0 is not UTF-8 text; a scenario file is UTF-8\n"))
    }

    @Test func demo_runsTheDemoScenario_andPrintsItsTranscript() throws {
        let outcome = try discover(["demo"], in: Self.root)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("You and Alice like each other."))
        #expect(outcome.stdout.hasSuffix("1 passed, 0 failed\n"))
    }
}
