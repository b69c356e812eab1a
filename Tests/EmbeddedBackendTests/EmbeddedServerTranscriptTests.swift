import EmbeddedBackend
import Foundation
import Interactors
import Models
import Services
import TestSupport
import Testing

/// Drives every request and knob of the embedded server through one scripted day and compares the
/// transcript of answers, events and counters with the one kept in `Expected/scripted-day.txt`:
/// responses, errors, their order, tokens, hashes and cursors must not change unless a change means
/// them to (then `Scripts/regenerate-goldens` rewrites the file, and its diff shows what changed).
@MainActor
@Suite struct EmbeddedServerTranscriptTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Expected/scripted-day.txt")

    @Test func theScriptedDay_givesTheSameTranscript() throws {
        let transcript = try TranscriptScript().run()
        let expected = try Golden.expected(transcript, at: Self.golden)
        guard transcript != expected else { return }
        let got = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = got.indices.first { $0 >= kept.count || got[$0] != kept[$0] } ?? got.count
        Issue.record(
            """
            the transcript differs from Expected/scripted-day.txt from line \(line + 1): \
            "\(line < got.count ? got[line] : "(end)")", kept "\(line < kept.count ? kept[line] : "(end)")"
            """)
    }
}
