import Foundation
import Testing

extension CLITests {
    @Test func aPlainHTTPHomeserverOffThisMachine_isWarnedAbout_onStandardError() throws {
        let outcome = try discover([
            "run", "Fixtures/pass.scenario", "--backend", "matrix", "--homeserver", "http://192.0.2.1:8008",
            "--filter", "no scenario has this name",
        ])
        #expect(
            outcome.stderr.contains(
                "discover: warning: the homeserver http://192.0.2.1:8008 is not reached over https"))
        #expect(!outcome.stdout.contains("warning"))
    }

    @Test func aLoopbackOrHTTPSHomeserver_isNot() throws {
        for address in ["http://127.0.0.1:1", "https://192.0.2.1:8448"] {
            let outcome = try discover([
                "run", "Fixtures/pass.scenario", "--backend", "matrix", "--homeserver", address,
                "--filter", "no scenario has this name",
            ])
            #expect(!outcome.stderr.contains("warning"), "\(address): \(outcome.stderr)")
        }
    }
}
