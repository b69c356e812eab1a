import Foundation
import Testing

@testable import MatrixBackend

/// A warning, not a refusal, for a homeserver reached without https off this machine.
struct MatrixTransportWarningTests {
    private func warning(_ address: String) throws -> MatrixTransportWarning? {
        MatrixConfiguration(homeserver: try #require(URL(string: address))).transportWarning
    }

    @Test func plainHTTP_toAnotherMachine_isWarnedAbout() throws {
        for address in [
            "http://matrix.example.org", "http://10.0.0.1:8008", "http://127.0.0.1.evil.example",
            "http://localhost.evil.example", "http://[::2]:8008", "http://[fe80::1]",
            "ws://matrix.example.org",
            "http://128.0.0.1", "http://1.127.0.0",
        ] {
            #expect(try warning(address) == .unencrypted(address: address), "\(address)")
        }
        #expect(
            try warning("http://matrix.example.org")?.description.contains("not reached over https") == true)
    }

    @Test func https_orALoopbackAddress_isNot() throws {
        for address in [
            "https://matrix.example.org", "HTTPS://matrix.example.org", "http://127.0.0.1:8008",
            "http://127.200.3.4", "http://localhost:8008", "http://LOCALHOST.", "http://synapse.localhost",
            "http://[::1]:8008", "http://[0:0:0:0:0:0:0:1]", "http://[::0:1]",
        ] {
            #expect(try warning(address) == nil, "\(address)")
        }
    }
}
