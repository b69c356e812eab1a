extension ScenarioParser {
    /// A word or a quoted string of a line, with its 1-based column.
    struct Token: Hashable {
        enum Kind: Hashable {
            case word(String)
            case string(String)
        }

        let kind: Kind
        let column: Int

        var word: String? { if case .word(let word) = kind { word } else { nil } }
        var string: String? { if case .string(let string) = kind { string } else { nil } }
    }

    /// A mistake at a column of a line.
    struct Problem: Error {
        let column: Int
        let message: String
    }

    /// Splits one line into words and quoted strings, up to a `#` outside a string.
    ///
    /// A line longer than ``maximumLineBytes`` or holding a forbidden character (``isForbidden(_:)``,
    /// comments included) is a problem; so are an unclosed string and an unknown or malformed escape.
    /// Every step is linear in the line's length.
    static func tokenize(_ line: String) -> Result<[Token], Problem> {
        guard line.utf8.count <= maximumLineBytes else {
            return .failure(
                Problem(
                    column: 1,
                    message:
                        "this line is \(line.utf8.count) bytes long; a line may be at most \(maximumLineBytes) bytes (16 KiB)"
                ))
        }
        let characters = Array(line)
        if let problem = forbiddenCharacter(in: characters) { return .failure(problem) }
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" {
                index += 1
            } else if character == "#" {
                break
            } else if character == "\"" {
                let start = index
                var value = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\"" {
                        closed = true
                        index += 1
                        break
                    }
                    if next == "\\" {
                        guard index + 1 < characters.count else { break }
                        switch escape(characters, at: index) {
                        case .success(let (scalar, length)):
                            value.unicodeScalars.append(scalar)
                            index += length
                        case .failure(let problem): return .failure(problem)
                        }
                    } else {
                        value.append(next)
                        index += 1
                    }
                }
                guard closed else {
                    return .failure(Problem(column: start + 1, message: "this string has no closing quote"))
                }
                tokens.append(Token(kind: .string(value), column: start + 1))
            } else {
                let start = index
                var word = ""
                while index < characters.count, characters[index] != " ", characters[index] != "\t",
                    characters[index] != "\""
                {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(Token(kind: .word(word), column: start + 1))
            }
        }
        return .success(tokens)
    }

    /// The escape whose backslash is `characters[start]` (a character follows it): the scalar it
    /// stands for and how many characters it takes. `\"`, `\\`, `\n`, `\t`, and `\u{…}` with 1 to 8
    /// hex digits naming a Unicode scalar value.
    private static func escape(_ characters: [Character], at start: Int) -> Result<
        (Unicode.Scalar, Int), Problem
    > {
        switch characters[start + 1] {
        case "\"": return .success(("\"", 2))
        case "\\": return .success(("\\", 2))
        case "n": return .success(("\n", 2))
        case "t": return .success(("\t", 2))
        case "u": return unicodeEscape(characters, at: start)
        default:
            return .failure(
                Problem(
                    column: start + 1, message: "unknown escape '\\\(quoted(String(characters[start + 1])))'")
            )
        }
    }

    /// A `\u{…}` escape whose backslash is `characters[start]`.
    private static func unicodeEscape(_ characters: [Character], at start: Int) -> Result<
        (Unicode.Scalar, Int), Problem
    > {
        let malformed = Problem(
            column: start + 1, message: "a \\u escape is \\u{ then 1 to 8 hex digits then }, as in \\u{1F600}"
        )
        guard start + 2 < characters.count, characters[start + 2] == "{" else { return .failure(malformed) }
        var digits = ""
        var index = start + 3
        while index < characters.count, digits.count <= 8, characters[index].isASCII,
            characters[index].isHexDigit
        {
            digits.append(characters[index])
            index += 1
        }
        guard index < characters.count, characters[index] == "}", (1...8).contains(digits.count),
            let value = UInt32(digits, radix: 16)
        else { return .failure(malformed) }
        guard let scalar = Unicode.Scalar(value) else {
            return .failure(
                Problem(
                    column: start + 1,
                    message:
                        "\\u{\(digits)} is not a Unicode scalar value (a surrogate, D800 to DFFF, or above 10FFFF)"
                ))
        }
        return .success((scalar, index - start + 1))
    }
}
