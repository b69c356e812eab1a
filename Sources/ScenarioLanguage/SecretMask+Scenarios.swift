import GenericScreens
import HeadlessFrontEnd
import Models

/// The secrets of the scenario language: the text a `type` step types into a secure field, and the
/// password of `given user`, hidden in every report, echo and syntax error.
extension SecretMask {
    /// Whether `step` types a secret: a `type` step into a secure field of `screen`, or into a field
    /// `screen` does not have (it may have been meant for a secure one).
    package static func typesSecret(_ step: ScenarioStep, on screen: Screen?) -> Bool {
        let label: String
        switch step {
        case .type(_, let into), .typeRepeated(_, _, let into): label = into
        default: return false
        }
        return screen?.fields.first(where: { $0.label == label })?.isSecure ?? true
    }

    /// A parsed step's line as reports and echoes show it: the text of a `type` step that types a
    /// secret (``typesSecret(_:on:)``), and the password of `given user`, as `"•••"`.
    package static func source(_ line: String, of step: ScenarioStep, on screen: Screen?) -> String {
        switch step {
        case .type where typesSecret(step, on: screen): hiding(in: line, { $0.count > 1 ? [1] : [] }).text
        case .typeRepeated where typesSecret(step, on: screen):
            hiding(in: line, { $0.count > 3 ? [3] : [] }).text
        case .givenUser: hiding(in: line, passwordTokens).text
        default: line
        }
    }

    /// A line that did not parse, as a syntax error shows it, and where `column` is on the line shown.
    ///
    /// No screen is known when a file is parsed, so the secret is found by the line's shape: the
    /// token after `type` (or after the first word when the third is `into`, a misspelt `type`; the
    /// fourth in `type <n> × "<text>"`), and
    /// every token after `given user <name>` but the words `password` and `born` and the date.
    package static func unparsedLine(_ line: String, column: Int) -> (text: String, column: Int) {
        let shown = hiding(in: line) { tokens in
            if tokens.first?.word == "given", tokens.count > 1, tokens[1].word == "user" {
                return passwordTokens(tokens)
            }
            let typeLike = tokens.first?.word == "type" || (tokens.count > 2 && tokens[2].word == "into")
            // `type <n> × "<text>" …`: the repeated text is the fourth token.
            if typeLike, tokens.count > 3, tokens[2].word == "×" || tokens[2].word == "x" { return [3] }
            return typeLike && tokens.count > 1 ? [1] : []
        }
        return (shown.text, shown.column(column))
    }

    /// The tokens of `given user <name> password "<pw>" [born <date>]` that may hold the password.
    private static func passwordTokens(_ tokens: [Token]) -> [Int] {
        var hidden: [Int] = []
        var index = 3
        while index < tokens.count {
            switch tokens[index].word {
            case "password": index += 1
            case "born": index += 2
            default:
                hidden.append(index)
                index += 1
            }
        }
        return hidden
    }

    // MARK: Hiding tokens

    /// A token of a line, as the scenario parser splits it: where it is and, for a word, its text.
    struct Token {
        /// The characters it spans, quotes included.
        let range: Range<Int>
        /// Its text when it is a word; `nil` for a quoted string.
        let word: String?
    }

    /// A line with some tokens hidden, and how columns moved.
    struct Hidden {
        let text: String
        /// Each hidden token's range in the original line and its length as shown.
        let replaced: [(range: Range<Int>, length: Int)]

        /// Where a 1-based column of the original line is on the line shown: after a hidden token it
        /// moves with it; inside one, it is the token's start.
        func column(_ column: Int) -> Int {
            var shift = 0
            for (range, length) in replaced {
                if column - 1 >= range.upperBound {
                    shift += length - range.count
                } else if column - 1 >= range.lowerBound {
                    return range.lowerBound + 1 + shift
                }
            }
            return column + shift
        }
    }

    /// `line` with the tokens `choose` picks shown as `"•••"` (a string) or `•••` (a word); an
    /// empty string stays `""` and a word naming an environment variable (`$NAME`) stays.
    static func hiding(in line: String, _ choose: ([Token]) -> [Int]) -> Hidden {
        let characters = Array(line)
        let tokens = tokenize(characters)
        var text = ""
        var replaced: [(range: Range<Int>, length: Int)] = []
        var position = 0
        for index in choose(tokens).sorted() where tokens.indices.contains(index) {
            let token = tokens[index]
            guard !(token.word?.hasPrefix("$") ?? false) else { continue }
            let isEmptyString = token.word == nil && String(characters[token.range]) == "\"\""
            let shown = token.word == nil ? "\"\(isEmptyString ? "" : mask)\"" : mask
            text += String(characters[position..<token.range.lowerBound]) + shown
            replaced.append((token.range, shown.count))
            position = token.range.upperBound
        }
        text += String(characters[position...])
        return Hidden(text: text, replaced: replaced)
    }

    /// Splits a line as the scenario parser's tokenizer does: spaces and tabs separate, `#` at the
    /// start of a token ends the line, a string runs to its unescaped closing quote (or the end).
    private static func tokenize(_ characters: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let start = index
            switch characters[index] {
            case " ", "\t":
                index += 1
                continue
            case "#":
                return tokens
            case "\"":
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index = min(index + 1, characters.count)
                tokens.append(Token(range: start..<index, word: nil))
            default:
                while index < characters.count, !" \t\"".contains(characters[index]) { index += 1 }
                tokens.append(Token(range: start..<index, word: String(characters[start..<index])))
            }
        }
        return tokens
    }
}
