/// Seeded mutations of a scenario file: at the byte level (flipped, replaced, inserted and deleted
/// bytes, invalid UTF-8, separators, huge repeats) and at the token level (lines and words swapped,
/// duplicated, dropped; quoted strings and words replaced with hostile values).
struct ScenarioMutator {
    /// Which kind of mutation made an input.
    enum Level: String {
        case byte
        case token
    }

    var random: ScenarioFuzzTests.Generator

    /// Byte sequences worth inserting: invalid UTF-8, separators, controls, quotes and escapes.
    static let hostileBytes: [[UInt8]] = [
        [0x00], [0x0D], [0x0B], [0x0C], [0x85], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
        [0xE2, 0x80, 0xAE], [0xEF, 0xBB, 0xBF], [0xFF], [0xFE], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xCC, 0x81], [0x7F],
        Array("\"".utf8), Array("\\".utf8), Array("#".utf8), Array(" ".utf8), Array("\t".utf8),
        Array("\n".utf8), Array("\r\n".utf8), Array("\\u{".utf8), Array("}".utf8), Array("9".utf8),
        Array("=".utf8), Array("scenario:".utf8),
    ]

    /// Quoted-string contents, as written in the file.
    static let hostileStrings: [String] = [
        String(repeating: "a", count: 20_000), String(repeating: "ab", count: 4_000), "",
        "😀👩‍👩‍👧‍👦", "e\u{301}\u{301}\u{301}\u{301}", "שלום עולם", "\u{200B}\u{2060}\u{FEFF}", "\u{2028}",
        "\u{0}", "\u{202E}evil", "\u{85}", "\\u{1F600}", "\\u{0}", "\\u{2028}", "\\u{}", "\\u{110000}",
        "\\u{D800}", "\\u{123456789}", "\\u1F600", "\\u{1F600", "\\u{zz}", "\\", "\\\"", "\\q", "\\n\\t\\\\",
        "\"", "#", " ", "../../etc/passwd", "discover://chat/" + String(repeating: "x", count: 3_000),
        String(repeating: "\\u{1F600}", count: 1_500),
    ]

    /// Words worth putting where a word was.
    static let hostileWords: [String] = [
        "99999999999999999999", "-1", "0", "366d", "367d", "9999999999ms", "1000000000s", "10000001",
        String(repeating: "x", count: 10_000), "bob-cat", "ann", "alice", "=", "a=b=c", "é", "😀", "\u{301}",
        "scenario:", "given", "expect", "#", "\"", "likes", "me",
    ]

    /// One mutated input from `original`, and the kind of mutation that made it.
    mutating func mutate(_ original: [UInt8]) -> (bytes: [UInt8], level: Level) {
        if Bool.random(using: &random) {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) { mutateBytes(&bytes) }
            return (bytes, .byte)
        }
        var lines = String(decoding: original, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &random) { mutateTokens(&lines) }
        return (Array(lines.joined(separator: "\n").utf8), .token)
    }

    private mutating func mutateBytes(_ bytes: inout [UInt8]) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<20 where at < bytes.count: bytes[at] ^= 1 << UInt8.random(in: 0...7, using: &random)
        case 20..<35 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 35..<65: bytes.insert(contentsOf: Self.hostileBytes.randomElement(using: &random) ?? [], at: at)
        case 65..<85:
            let end = min(bytes.count, at + Int.random(in: 1...16, using: &random))
            bytes.removeSubrange(at..<end)
        default:
            let end = min(bytes.count, at + Int.random(in: 1...32, using: &random))
            let piece = at < end ? Array(bytes[at..<end]) : [UInt8(ascii: "a")]
            let size =
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<2: 1_100_000  // over the file limit
                case 2..<12: 20_000  // over the line limit, if the piece holds no line feed
                default: piece.count * Int.random(in: 2...50, using: &random)
                }
            let repeated = (0..<(size / piece.count + 1)).flatMap { _ in piece }
            bytes.insert(contentsOf: repeated, at: at)
        }
    }

    private mutating func mutateTokens(_ lines: inout [String]) {
        guard !lines.isEmpty else { return }
        let index = Int.random(in: lines.indices, using: &random)
        let other = Int.random(in: lines.indices, using: &random)
        var words = lines[index].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let word = Int.random(in: words.indices, using: &random)
        let otherWord = Int.random(in: words.indices, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: lines.swapAt(index, other)
        case 1: lines.insert(lines[index], at: other)
        case 2: lines.remove(at: index)
        case 3:
            words.swapAt(word, otherWord)
            lines[index] = words.joined(separator: " ")
        case 4:
            words.insert(words[word], at: otherWord)
            lines[index] = words.joined(separator: " ")
        case 5:
            words.remove(at: word)
            lines[index] = words.joined(separator: " ")
        case 6:
            words[word] = Self.hostileWords.randomElement(using: &random) ?? ""
            lines[index] = words.joined(separator: " ")
        default: replaceString(in: &lines[index])
        }
    }

    /// Replaces a quoted string of the line (or appends one) with a hostile one.
    private mutating func replaceString(in line: inout String) {
        let hostile = Self.hostileStrings.randomElement(using: &random) ?? ""
        let characters = Array(line)
        let quotes = characters.indices.filter { characters[$0] == "\"" }
        guard quotes.count >= 2 else {
            line += " \"\(hostile)\""
            return
        }
        let pair = Int.random(in: 0..<(quotes.count / 2), using: &random) * 2
        line = String(characters[...quotes[pair]]) + hostile + String(characters[quotes[pair + 1]...])
    }
}
