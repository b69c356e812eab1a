import EmbeddedBackend
import Foundation
import GenericScreens
import Interactors
import Models
import Services
import TestSupport
import Testing

/// Drives every request and knob of the embedded server through one scripted day and compares the
/// transcript of answers, events and counters with the one the server gave before its performance
/// work: responses, errors, their order, tokens, hashes and cursors must not change.
///
/// The transcript is compared through a 64-bit FNV-1a fingerprint; on a mismatch the whole transcript
/// is printed in the failure so it can be compared with the previous version's.
@MainActor
@Suite struct EmbeddedServerTranscriptTests {
    /// Since conversation ids became `m-<a>~<b>` (issue 24): with those ids written `m-<a>-<b>` again,
    /// the transcript's fingerprint is the one before, `bf3856f66ba67344`; nothing else changed.
    static let expectedFingerprint = "6050e4e07a85db9f"

    @Test func theScriptedDay_givesTheSameTranscript() throws {
        let transcript = try TranscriptScript().run()
        let fingerprint = Self.fingerprint(transcript)
        if fingerprint != Self.expectedFingerprint {
            Issue.record("fingerprint \(fingerprint); transcript:\n\(transcript)")
        }
    }

    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
