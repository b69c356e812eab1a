extension ScenarioParser {
    /// `type "<text>" into "<label>"`, or `type $<VARIABLE> into "<label>"` to type the value of an
    /// environment variable (which the runner reads, so the file holds no password).
    static func typeStep(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.skip()
        if let word = reader.peekWord, word.hasPrefix("$") {
            let name = String(word.dropFirst())
            guard isVariableName(name) else {
                return .failure(
                    Problem(
                        column: reader.column,
                        message:
                            "expected an environment variable name after '$': letters, digits and _, not starting with a digit"
                    ))
            }
            reader.skip()
            return reader.keyword("into").flatMap {
                reader.string("the label of a field, in quotes").flatMap {
                    reader.end(.typeVariable(name, into: $0))
                }
            }
        }
        if let word = reader.peekWord, word.first?.isNumber == true { return repeatedType(&reader) }
        return reader.string("the text to type, in quotes, or $VARIABLE").flatMap { text in
            reader.keyword("into").flatMap {
                reader.string("the label of a field, in quotes").flatMap {
                    reader.end(.type(text, into: $0))
                }
            }
        }
    }

    /// The most bytes a repeated `type` may type: a generous bound over the longest valid input of
    /// any field (5,000 characters of a message, each up to a few dozen bytes as an emoji sequence).
    public static let maximumRepeatedBytes = 1 << 20

    /// `<n> × "<text>" into "<label>"` (`x` for `×`), after `type`.
    private static func repeatedType(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.count(maximum: maximumRepeatedBytes).flatMap { count in
            reader.choice(["×": (), "x": ()], what: "'×' (or x) after the count").flatMap {
                let column = reader.column
                return reader.string("the text to repeat, in quotes").flatMap { text in
                    guard !text.isEmpty, text.utf8.count * count <= maximumRepeatedBytes else {
                        return .failure(
                            Problem(
                                column: column,
                                message: text.isEmpty
                                    ? "the text to repeat is empty"
                                    : "\(count) × this text is \(text.utf8.count * count) bytes; a repeated type may be at most \(maximumRepeatedBytes) bytes (1 MiB)"
                            ))
                    }
                    return reader.keyword("into").flatMap {
                        reader.string("the label of a field, in quotes").flatMap {
                            reader.end(.typeRepeated(count, text, into: $0))
                        }
                    }
                }
            }
        }
    }

    /// Whether `name` is an environment variable name: ASCII letters, digits and `_`, not starting
    /// with a digit, at most 100 characters.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber, name.count <= 100 else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
