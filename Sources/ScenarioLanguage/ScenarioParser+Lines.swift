extension ScenarioParser {
    /// The largest scenario file, in bytes (1 MiB); a larger one is a syntax error on line 1.
    ///
    /// The largest file in `Scenarios/` is under 2 KiB.
    public static let maximumFileBytes = 1 << 20

    /// The longest line, in bytes of UTF-8 (16 KiB); a longer one is a syntax error at its column 1.
    ///
    /// The longest line in `Scenarios/` is about 100 bytes.
    public static let maximumLineBytes = 16 << 10

    /// The longest word (in characters) an unknown step's "did you mean" is computed for, and the most
    /// Unicode scalars of a word an error message quotes.
    static let maximumQuotedLength = 64

    /// The lines of a file: split at each line feed only, one carriage return before it dropped, and a
    /// byte-order mark at the very start skipped.
    ///
    /// Other separators (U+2028, U+2029, NEL, VT, FF, a lone carriage return) do not end a line, so
    /// line numbers agree with an editor's; ``tokenize(_:)`` reports them.
    static func splitLines(_ text: String) -> [String] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
        return body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(Substring(line.last == UInt8(ascii: "\r") ? line.dropLast() : line))
        }
    }

    /// Whether a character may not appear as such in a scenario line: a control character other than
    /// tab (C0, DEL, C1 such as NEL), a line or paragraph separator, or a bidirectional control, which
    /// makes a line show differently from what it holds. A string can still hold one as `\u{…}`.
    static func isForbidden(_ character: Character) -> Bool {
        character.unicodeScalars.contains { forbiddenName(of: $0) != nil }
    }

    /// What a forbidden scalar is, for its error message; `nil` for a scalar a line may hold.
    static func forbiddenName(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: nil
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85: "a line break"
        case 0x00...0x1F, 0x7F...0x9F: "a control character"
        case 0x2028: "a line separator"
        case 0x2029: "a paragraph separator"
        case 0x202A...0x202E, 0x2066...0x2069: "a bidirectional control"
        default: nil
        }
    }

    /// The problem with the first forbidden character of `characters`, if any.
    static func forbiddenCharacter(in characters: [Character]) -> Problem? {
        guard let index = characters.firstIndex(where: isForbidden),
            let scalar = characters[index].unicodeScalars.first(where: { forbiddenName(of: $0) != nil }),
            let name = forbiddenName(of: scalar)
        else { return nil }
        let code = hex(scalar.value)
        let why =
            switch name {
            case "a control character": ""
            case "a bidirectional control": " (it makes the line show differently from what it holds)"
            default: " (only a line feed, \\n or \\r\\n, ends a line)"
            }
        return Problem(
            column: index + 1,
            message: "\(name) U+\(code) in the line\(why); inside a string write it as \\u{\(code)}")
    }

    /// `value` in upper-case hexadecimal, at least four digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` for an error message: as it is when short, else its first ``maximumQuotedLength``
    /// Unicode scalars and "…".
    package static func quoted(_ text: some StringProtocol) -> String {
        let start = text.unicodeScalars.prefix(maximumQuotedLength + 1)
        guard start.count > maximumQuotedLength else { return String(text) }
        return String(String.UnicodeScalarView(start.prefix(maximumQuotedLength))) + "…"
    }
}
