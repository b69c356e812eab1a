import Foundation
import TestSupport
import Testing

/// `discover explore --backend matrix`: its arguments, and a short live run against the homeserver
/// in `DISCOVER_HOMESERVER` (skipped without one, as the other live Matrix tests are).
extension CLITests {
    @Test func exploreOnMatrix_withoutAHomeserver_isAUsageError() throws {
        let outcome = try discover(["explore", "--backend", "matrix"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--backend matrix needs --homeserver <url>"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func exploreOnMatrix_withAHomeserverThatIsNotHTTP_isAUsageError() throws {
        for address in ["ftp://127.0.0.1:8008", "127.0.0.1:8008", "http://"] {
            let outcome = try discover(["explore", "--backend", "matrix", "--homeserver", address])
            #expect(outcome.status == 2, "\(address)")
            #expect(outcome.stderr.contains("is not an http(s) address"), "\(address): \(outcome.stderr)")
        }
    }

    @Test func exploreOnEmbedded_refusesAHomeserver_andMatrixRefusesFaultsAndFileStores() throws {
        let embedded = try discover(["explore", "--homeserver", "http://127.0.0.1:8008"])
        #expect(embedded.status == 2)
        #expect(embedded.stderr.contains("--homeserver is for --backend matrix"))
        for extra in [["--fault", "drop-answer"], ["--file-stores"]] {
            let outcome = try discover(
                ["explore", "--backend", "matrix", "--homeserver", "http://127.0.0.1:1"] + extra)
            #expect(outcome.status == 2, "\(extra)")
            #expect(outcome.stderr.contains("takes neither --fault nor --file-stores"), "\(extra)")
        }
        let unknown = try discover(["explore", "--backend", "carrier-pigeon"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown backend 'carrier-pigeon'"))
    }

    @Test func exploreOnMatrix_whenTheHomeserverCannotBeReached_exitsTwo_sayingSo() throws {
        let outcome = try discover([
            "explore", "--backend", "matrix", "--homeserver", "http://127.0.0.1:1", "--steps", "5",
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("could not set the world up"), "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("0 violations"))
    }

    @Test func exploreHelp_saysWhatRunsOnMatrix() throws {
        let outcome = try discover(["help", "explore"])
        #expect(outcome.status == 0)
        for text in ["--backend matrix --homeserver <url>", "'server fails next'", "60 on matrix"] {
            #expect(outcome.stdout.contains(text), "\(text)")
        }
    }
}

/// A short exploration on the real homeserver: it runs its steps and breaks no invariant.
@Suite struct MatrixExploreTests {
    /// What the JSON summary says.
    struct Summary: Decodable {
        let backend: String
        let seeds: [UInt64]
        let steps: Int
        let violations: [Violation]
        struct Violation: Decodable {
            let kind: String
            let message: String
        }
    }

    @Test(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
    func aShortRun_onTheRealServer_performsItsSteps_andBreaksNoInvariant() throws {
        let homeserver = try #require(MatrixTestServer.homeserver)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("explore-matrix-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLITests().discover(
            [
                "explore", "--backend", "matrix", "--homeserver", homeserver.absoluteString, "--seed", "4",
                "--steps", "25", "--time-budget", "90s", "--json",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(outcome.stdout.utf8))
        #expect(summary.backend == "matrix")
        #expect(summary.seeds == [4])
        #expect(summary.violations.isEmpty, "\(summary.violations.map { "\($0.kind): \($0.message)" })")
        // The prelude (demo people, launch, signing in, a match) is 7 steps; the run took more.
        #expect(summary.steps > 7, "\(summary.steps) steps")
    }
}
