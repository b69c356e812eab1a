import Foundation
import Testing

@testable import MatrixBackend

/// Server text made safe to show: escape sequences and controls gone, one line, length capped.
struct MatrixServerTextTests {
    private func clean(_ text: String, limit: Int = 100) -> String {
        MatrixServerText.sanitized(text, limit: limit)
    }

    @Test func terminalEscapeSequences_areRemovedWhole_notOnlyTheirEscape() {
        #expect(clean("\u{1B}[31mRed\u{1B}[0m Bob") == "Red Bob")
        #expect(clean("\u{1B}[1;38;5;196mBold\u{1B}[m") == "Bold")
        #expect(clean("\u{1B}[2J\u{1B}[HCleared") == "Cleared")
        #expect(clean("\u{1B}]0;pwned title\u{07}Eve") == "Eve")
        #expect(clean("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
        #expect(clean("\u{1B}Pdevice control\u{1B}\\ok") == "ok")
        #expect(clean("\u{1B}cReset") == "Reset")
        #expect(clean("\u{1B}(BCharset") == "Charset")
        #expect(clean("a\u{1B}") == "a")
        #expect(clean("\u{1B}\u{1B}[31mx") == "x")
        #expect(clean("\u{1B}[31\u{1B}[32mGreen") == "Green")
    }

    @Test func c1Sequences_andControls_areRemoved() {
        #expect(clean("\u{9B}31mRed") == "Red")
        #expect(clean("\u{9D}0;title\u{9C}Eve") == "Eve")
        #expect(clean("E\u{00}v\u{07}e\u{08}\u{7F}\u{85}\u{8D}!") == "Eve !")
        #expect(clean("a\u{01}b\u{1F}c\u{80}d\u{9A}e") == "abcde")
        #expect(clean("a\u{9F}application program command\u{9C}b") == "ab")
    }

    @Test func bidiControls_areRemoved() {
        #expect(clean("\u{202E}gnp.exe\u{202C}") == "gnp.exe")
        #expect(
            clean("a\u{200E}b\u{200F}c\u{061C}d\u{2066}e\u{2067}f\u{2068}g\u{2069}h\u{202A}i\u{202D}")
                == "abcdefghi")
    }

    @Test func lineBreaksAndTabs_becomeOneSpace_andRunsCollapse() {
        #expect(clean("Bob\nAdmin: click here") == "Bob Admin: click here")
        #expect(clean("a\r\n\r\nb\tc\u{2028}d\u{2029}e\u{0B}f\u{0C}g") == "a b c d e f g")
        #expect(clean("  lots   of\u{00A0}\u{00A0}space  ") == "lots of space")
        #expect(clean("\n\n") == "")
    }

    @Test func ordinaryText_andEmoji_areKept() {
        #expect(clean("Zoë 👩‍👩‍👧 ❤️ Ålesund, 東京") == "Zoë 👩‍👩‍👧 ❤️ Ålesund, 東京")
    }

    @Test func lengthIsCapped_inCharacters_withAnEllipsis() {
        #expect(clean(String(repeating: "a", count: 10), limit: 10) == String(repeating: "a", count: 10))
        #expect(clean(String(repeating: "a", count: 11), limit: 10) == String(repeating: "a", count: 9) + "…")
        #expect(clean(String(repeating: "👩‍👩‍👧", count: 80), limit: 64).count == 64)
        #expect(clean("word word", limit: 6) == "word…")
        #expect(clean(String(repeating: "x", count: 1_000_000), limit: 200).count == 200)
        #expect(clean("abc", limit: 0) == "")
    }

    @Test func theLimits_keepWhatTheAppItselfAllows() {
        #expect(MatrixServerText.Limit.displayName >= 40)
        #expect(MatrixServerText.Limit.messageBody == 5_000)
        #expect(MatrixServerText.Limit.bio == 500)
        #expect(MatrixServerText.Limit.errorMessage == 200)
    }

    @Test func serverErrorMessages_areSanitized() {
        let body = #"{"errcode":"M_BAD\u001b[31m","error":"no\nway\u001b]0;pwned\u0007 \u202eout"}"#
        #expect(MatrixErrorMapper.map(status: 400, body: Data(body.utf8)) == .rejected("M_BAD: no way out"))
        let long = #"{"errcode":"M_UNKNOWN","error":""# + String(repeating: "e", count: 10_000) + #""}"#
        guard case .server(let text) = MatrixErrorMapper.map(status: 500, body: Data(long.utf8)) else {
            Issue.record("a 500 is a server error")
            return
        }
        #expect(text.count <= "M_UNKNOWN: ".count + MatrixServerText.Limit.errorMessage)
    }
}
