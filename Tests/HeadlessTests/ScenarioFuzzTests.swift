import Headless
import Testing

/// Hostile scenario files never crash the parser: every one either parses or is a located error.
@Suite struct ScenarioFuzzTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    @Test func randomAndMutatedFiles_parseOrFailWithALocation() {
        var random = Generator(state: 42)
        let pieces = [
            "scenario:", "given", "demo", "people", "tap", "\"", "\\", "\\q", "wait", "99999999999999999999h",
            "5s",
            "-1", "expect", "event", "a=b", "=", "\n", "\r\n", " ", "\t", "#", "😀", "\u{0}", "\u{202E}",
            "type", "into",
            "swipe", "up", "server", "fails", "next", "signIn", "candidates", "10000001", "user", "born",
            "2000-02-30",
        ]
        for _ in 0..<600 {
            var text = Bool.random(using: &random) ? "scenario: fuzz\n" : ""
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                text += pieces.randomElement(using: &random) ?? ""
                text += Bool.random(using: &random) ? " " : ""
            }
            switch ScenarioParser.parse(text, path: "fuzz.scenario") {
            case .success(let scenario):
                #expect(!scenario.name.isEmpty)
            case .failure(let error):
                #expect(error.line >= 1)
                #expect(error.column >= 1)
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func hugeNumbersAndDurations_areErrorsNotCrashes() {
        for line in [
            "wait 999999999999d", "wait 9999999999s", "given candidates 99999999999999999999",
            "expect outbox -3",
        ] {
            guard case .failure = ScenarioParser.parse("scenario: x\n\(line)\n", path: "x") else {
                Issue.record("\(line) should be refused")
                continue
            }
        }
    }
}
