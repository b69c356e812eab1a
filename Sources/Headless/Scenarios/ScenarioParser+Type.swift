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
        return reader.string("the text to type, in quotes, or $VARIABLE").flatMap { text in
            reader.keyword("into").flatMap {
                reader.string("the label of a field, in quotes").flatMap {
                    reader.end(.type(text, into: $0))
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
