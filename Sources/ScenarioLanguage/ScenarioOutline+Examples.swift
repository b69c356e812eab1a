import Foundation
import HeadlessFrontEnd

extension ScenarioOutline {
    /// One scenario per row of the examples, named after the outline with the row's number and values
    /// (``rowName(_:number:secret:)``); the first mistake is a syntax error with its line and column.
    func scenarios() -> Result<[Scenario], ScenarioSyntaxError> {
        let names = columns.cells.map(\.text)
        if let problem = checkPlaceholders(names) { return .failure(problem) }
        let secret = secretColumns()
        if let problem = checkExpandedSize(names) { return .failure(problem) }
        var scenarios: [Scenario] = []
        for (offset, row) in rows.enumerated() {
            guard row.cells.count == names.count else {
                return .failure(
                    error(
                        row.line, column: row.cells.last?.column ?? 1, text: lines[row.line - 1],
                        "this row has \(row.cells.count) cells; the header has \(names.count) (\(shortList(names)))"
                    ))
            }
            let values = Dictionary(
                zip(names, row.cells.map(\.text)), uniquingKeysWith: { first, _ in first })
            let number = offset + 1
            let suffix = " (example \(number), line \(row.line))"
            var steps: [LocatedStep] = []
            for template in self.steps {
                let expanded: Expansion
                switch expand(template, values) {
                case .success(let found): expanded = found
                case .failure(let tooLong):
                    return .failure(
                        error(
                            template.number, column: tooLong.column, text: template.text,
                            "with this example the line is longer than \(ScenarioParser.maximumLineBytes) bytes (16 KiB)"
                                + suffix))
                }
                let parsed = ScenarioParser.tokenize(expanded.text).flatMap {
                    tokens -> Result<ScenarioStep?, ScenarioParser.Problem> in
                    tokens.isEmpty
                        ? .success(nil) : ScenarioParser.step(tokens, line: expanded.text).map { $0 }
                }
                switch parsed {
                case .success(nil): continue
                case .success(let step?):
                    steps.append(
                        LocatedStep(
                            step: step, line: template.number,
                            source: expanded.text.trimmingCharacters(in: .whitespaces)))
                case .failure(let problem):
                    // A message may quote what it found, which may be part of a secret value.
                    let hidesSecret = Self.placeholders(in: template.text).contains {
                        secret.contains($0.name)
                    }
                    let message =
                        hidesSecret
                        ? "this step does not parse with the example's values (a typed value is not shown)"
                        : problem.message
                    return .failure(
                        error(
                            template.number, column: expanded.rawColumn(problem.column), text: template.text,
                            message + suffix))
                }
            }
            let scenario = Scenario(
                name: rowName(values, number: number, secret: secret), path: path, steps: steps, tags: tags)
            switch ScenarioNameCheck.validate(scenario, lines: lines) {
            case .success(let checked): scenarios.append(checked)
            case .failure(let problem):
                return .failure(
                    error(
                        problem.line, column: problem.column, text: problem.lineText, problem.message + suffix
                    ))
            }
        }
        return .success(scenarios)
    }

    /// A step line with a row's values in place of its placeholders, and where they went.
    struct Expansion {
        let text: String
        /// Each placeholder's characters in the line as written and the length of its value.
        let replaced: [(range: Range<Int>, length: Int)]

        /// Where a 1-based column of the expanded line is in the line as written: inside a value, the
        /// placeholder's start.
        func rawColumn(_ column: Int) -> Int {
            var shift = 0
            for (range, length) in replaced {
                let start = range.lowerBound + shift
                if column - 1 < start { break }
                if column - 1 < start + length { return range.lowerBound + 1 }
                shift += length - range.count
            }
            return column - shift
        }
    }

    /// The column of the first placeholder of a line that would be too long with a row's values.
    struct TooLong: Error {
        let column: Int
    }

    /// `line` with each placeholder replaced by its value; ``TooLong`` when the result would be longer
    /// than a line may be (nothing is built then).
    func expand(_ line: Line, _ values: [String: String]) -> Result<Expansion, TooLong> {
        let found = Self.placeholders(in: line.text)
        var bytes = line.text.utf8.count
        for placeholder in found {
            bytes += (values[placeholder.name]?.utf8.count ?? 0) - placeholder.name.utf8.count - 2
        }
        guard bytes <= ScenarioParser.maximumLineBytes else {
            return .failure(TooLong(column: (found.first?.range.lowerBound ?? 0) + 1))
        }
        let characters = Array(line.text)
        var text = ""
        var replaced: [(range: Range<Int>, length: Int)] = []
        var position = 0
        for placeholder in found {
            let value = values[placeholder.name] ?? ""
            text += String(characters[position..<placeholder.range.lowerBound]) + value
            replaced.append((placeholder.range, value.count))
            position = placeholder.range.upperBound
        }
        text += String(characters[position...])
        return .success(Expansion(text: text, replaced: replaced))
    }

    /// An error when the steps of all the rows would add up to more than ``maximumExpandedBytes``,
    /// found before any is built: each row's size is the steps' size plus, for each column, how often
    /// its placeholder appears times how much longer the row's value is than the placeholder.
    func checkExpandedSize(_ names: [String]) -> ScenarioSyntaxError? {
        var uses: [String: Int] = [:]
        var stepBytes = 0
        for line in steps {
            stepBytes += line.text.utf8.count
            for placeholder in Self.placeholders(in: line.text) { uses[placeholder.name, default: 0] += 1 }
        }
        var total = 0
        for row in rows {
            total += stepBytes
            for (name, cell) in zip(names, row.cells) {
                total += uses[name, default: 0] * (cell.text.utf8.count - name.utf8.count - 2)
            }
            if total > Self.maximumExpandedBytes {
                return error(
                    examplesLine, column: 1, text: lines[examplesLine - 1],
                    "the examples make more than \(Self.maximumExpandedBytes) bytes (2 MiB) of steps: use fewer rows or shorter steps"
                )
            }
        }
        return nil
    }

    /// The first placeholder that names no column, or column that no placeholder uses, as an error.
    func checkPlaceholders(_ names: [String]) -> ScenarioSyntaxError? {
        let known = Set(names)
        var used: Set<String> = []
        for line in [header] + steps {
            for placeholder in Self.placeholders(in: line.text, wholeLine: line.number == header.number) {
                guard known.contains(placeholder.name) else {
                    return error(
                        line.number, column: placeholder.range.lowerBound + 1, text: line.text,
                        "unknown placeholder '<\(placeholder.name)>'; the examples have: \(shortList(names))")
                }
                used.insert(placeholder.name)
            }
        }
        if let unused = columns.cells.first(where: { !used.contains($0.text) }) {
            return error(
                columns.line, column: unused.column, text: lines[columns.line - 1],
                "no step uses the column '\(ScenarioParser.quoted(unused.text))' (write <\(ScenarioParser.quoted(unused.text))> in a step or the name)"
            )
        }
        return nil
    }

    /// The columns whose value a step types or gives as a password: a report shows them as `•••`, as
    /// whether a field is secure is known only when the step runs (``HeadlessFrontEnd/SecretMask``).
    func secretColumns() -> Set<String> {
        var secret: Set<String> = []
        for line in steps {
            let shown = SecretMask.unparsedLine(line.text, column: 1).text
            var visible: [String: Int] = [:]
            for placeholder in Self.placeholders(in: shown) { visible[placeholder.name, default: 0] += 1 }
            for placeholder in Self.placeholders(in: line.text) {
                if visible[placeholder.name, default: 0] > 0 {
                    visible[placeholder.name, default: 0] -= 1
                } else {
                    secret.insert(placeholder.name)
                }
            }
        }
        return secret
    }

    /// A row's scenario name: the outline's name with its placeholders replaced, then
    /// `(example <n>: column=value, …)`, a secret column's value as `•••` and a long one cut.
    func rowName(_ values: [String: String], number: Int, secret: Set<String>) -> String {
        func shown(_ column: String) -> String {
            let value = values[column] ?? ""
            if secret.contains(column) { return SecretMask.masked(value) }
            return value.count > 32 ? String(value.prefix(32)) + "…" : value
        }
        var title = ""
        let characters = Array(name)
        var position = 0
        for placeholder in Self.placeholders(in: name, wholeLine: true) {
            title += String(characters[position..<placeholder.range.lowerBound]) + shown(placeholder.name)
            position = placeholder.range.upperBound
        }
        title += String(characters[position...])
        // At most ten columns, so a name stays short whatever the table.
        let cells = columns.cells.prefix(10).map { "\($0.text)=\(shown($0.text))" }
        let more = columns.cells.count > 10 ? ", …" : ""
        return "\(title) (example \(number): \(cells.joined(separator: ", "))\(more))"
    }

    /// At most ten column names, comma-separated.
    func shortList(_ names: [String]) -> String {
        names.prefix(10).map { ScenarioParser.quoted($0) }.joined(separator: ", ")
            + (names.count > 10 ? ", …" : "")
    }

    func error(_ line: Int, column: Int, text: String, _ message: String) -> ScenarioSyntaxError {
        ScenarioSyntaxError(path: path, line: line, column: column, message: message, lineText: text)
    }
}
