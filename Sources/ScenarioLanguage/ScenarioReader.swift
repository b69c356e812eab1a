import Foundation

extension ScenarioParser {
    /// Reads the tokens of one line left to right, with errors that point at a column.
    struct Reader {
        let tokens: [Token]
        let lineLength: Int
        private(set) var index = 0
        private(set) var lastColumn = 1

        init(tokens: [Token], lineLength: Int) {
            self.tokens = tokens
            self.lineLength = lineLength
        }

        /// The column of the next token, or just past the end of the line.
        var column: Int { index < tokens.count ? tokens[index].column : lineLength + 1 }

        var peekWord: String? { index < tokens.count ? tokens[index].word : nil }

        mutating func skip() {
            if index < tokens.count { lastColumn = tokens[index].column }
            index += 1
        }

        mutating func word(_ what: String) -> Result<String, Problem> {
            guard index < tokens.count, let word = tokens[index].word else {
                return .failure(Problem(column: column, message: "expected \(what)"))
            }
            skip()
            return .success(word)
        }

        mutating func string(_ what: String) -> Result<String, Problem> {
            guard index < tokens.count, let string = tokens[index].string else {
                return .failure(Problem(column: column, message: "expected \(what)"))
            }
            skip()
            return .success(string)
        }

        mutating func wordOrString(_ what: String) -> Result<String, Problem> {
            guard index < tokens.count else {
                return .failure(Problem(column: column, message: "expected \(what)"))
            }
            let token = tokens[index]
            skip()
            return .success(token.word ?? token.string ?? "")
        }

        mutating func keyword(_ keyword: String) -> Result<Void, Problem> {
            guard peekWord == keyword else {
                return .failure(Problem(column: column, message: "expected '\(keyword)'"))
            }
            skip()
            return .success(())
        }

        mutating func choice<Value>(_ choices: [String: Value], what: String) -> Result<Value, Problem> {
            guard let word = peekWord, let value = choices[word] else {
                return .failure(Problem(column: column, message: "expected \(what)"))
            }
            skip()
            return .success(value)
        }

        mutating func count(maximum: Int) -> Result<Int, Problem> {
            guard let word = peekWord, word.allSatisfy(\.isASCII), let value = Int(word), value >= 0,
                value <= maximum
            else {
                return .failure(
                    Problem(column: column, message: "expected a whole number from 0 to \(maximum)"))
            }
            skip()
            return .success(value)
        }

        /// A duration: a whole number and a unit, `ms`, `s`, `m`, `h` or `d` (`5s`, `10m`, `2h`).
        mutating func duration() -> Result<Duration, Problem> {
            let problem = Problem(column: column, message: "expected a duration such as 5s, 10m or 2h")
            guard let word = peekWord else { return .failure(problem) }
            let digits = word.prefix { $0.isASCII && $0.isNumber }
            let unit = word.dropFirst(digits.count)
            guard !digits.isEmpty, digits.count <= 9, let amount = Int64(digits) else {
                return .failure(problem)
            }
            let days: Int64
            switch unit {
            case "ms": days = amount / 86_400_000
            case "s": days = amount / 86_400
            case "m": days = amount / 1_440
            case "h": days = amount / 24
            default: days = amount
            }
            guard days <= 366 else {
                return .failure(Problem(column: column, message: "a duration may be at most 366 days"))
            }
            let seconds: Int64
            switch unit {
            case "ms":
                skip()
                return .success(.milliseconds(amount))
            case "s": seconds = amount
            case "m": seconds = amount * 60
            case "h": seconds = amount * 3600
            case "d": seconds = amount * 86_400
            default: return .failure(problem)
            }
            skip()
            return .success(.seconds(seconds))
        }

        /// Succeeds with `step` if nothing is left on the line.
        func end(_ step: ScenarioStep) -> Result<ScenarioStep, Problem> {
            guard index >= tokens.count else {
                return .failure(
                    Problem(column: tokens[index].column, message: "unexpected text at the end of the step"))
            }
            return .success(step)
        }
    }
}
