import Foundation

extension ScenarioParser {
    /// Parses a file that holds one scenario; a scenario outline is an error (read it with
    /// ``parseFile(_:path:)``, which makes one scenario per example).
    public static func parse(_ text: String, path: String) -> Result<Scenario, ScenarioSyntaxError> {
        parseFile(text, path: path).flatMap { scenarios in
            guard scenarios.count == 1, let scenario = scenarios.first else {
                return .failure(
                    ScenarioSyntaxError(
                        path: path, line: 1, column: 1,
                        message:
                            "this file is a scenario outline, which makes one scenario per example (\(scenarios.count)); read it with ScenarioParser.parseFile",
                        lineText: ""))
            }
            return .success(scenario)
        }
    }

    /// Parses a whole file: its tags, then a `scenario: <name>` and its steps (one scenario), or a
    /// `scenario outline: <name>`, its steps with `<placeholders>` and an `examples:` table (one
    /// scenario per row).
    ///
    /// Tags (``ScenarioTags``) go on lines before the header and apply to every scenario of the file.
    public static func parseFile(_ text: String, path: String) -> Result<[Scenario], ScenarioSyntaxError> {
        guard text.utf8.count <= maximumFileBytes else {
            return .failure(
                ScenarioSyntaxError(
                    path: path, line: 1, column: 1,
                    message:
                        "the file is \(text.utf8.count) bytes; a scenario file may be at most \(maximumFileBytes) bytes (1 MiB)",
                    lineText: ""))
        }
        var reading = FileReading(path: path, lines: splitLines(text))
        for (index, rawLine) in reading.lines.enumerated() {
            if let error = reading.read(rawLine, number: index + 1) { return .failure(error) }
        }
        return reading.finish()
    }

    /// The state of reading a file line by line.
    struct FileReading {
        let path: String
        let lines: [String]
        var tags: [String] = []
        /// The header's line, the name after it, and whether it opens an outline.
        var header: (line: ScenarioOutline.Line, name: String, isOutline: Bool)?
        var steps: [LocatedStep] = []
        var templates: [ScenarioOutline.Line] = []
        var examplesLine: Int?
        var columns: ScenarioOutline.Row?
        var rows: [ScenarioOutline.Row] = []

        /// Reads one line; the mistake in it, if any.
        mutating func read(_ rawLine: String, number: Int) -> ScenarioSyntaxError? {
            func fail(_ column: Int, _ message: String) -> ScenarioSyntaxError {
                ScenarioSyntaxError(
                    path: path, line: number, column: column, message: message, lineText: rawLine)
            }
            if examplesLine != nil {
                return readRow(rawLine, number: number).map { fail($0.column, $0.message) }
            }
            let tokens: [Token]
            switch tokenize(rawLine) {
            case .success(let found): tokens = found
            case .failure(let problem): return fail(problem.column, problem.message)
            }
            guard let first = tokens.first else { return nil }
            let word = first.word ?? ""
            if word.hasPrefix("@") {
                guard header == nil else {
                    return fail(first.column, "tags go on lines before the 'scenario:' header")
                }
                switch ScenarioTags.parse(tokens) {
                case .success(let found):
                    for tag in found where !tags.contains(tag) { tags.append(tag) }
                    if tags.count > ScenarioTags.maximumCount {
                        return fail(first.column, "a file may have at most \(ScenarioTags.maximumCount) tags")
                    }
                    return nil
                case .failure(let problem): return fail(problem.column, problem.message)
                }
            }
            guard let header else {
                return readHeader(rawLine, number: number, first: first).map { fail(first.column, $0) }
            }
            if word == "examples:" {
                guard header.isOutline else {
                    return fail(
                        first.column,
                        "an 'examples:' table belongs to a 'scenario outline:', not a 'scenario:'")
                }
                guard tokens.count == 1 else {
                    return fail(
                        tokens[1].column,
                        "'examples:' stands alone on its line; the table follows on the next lines")
                }
                examplesLine = number
                return nil
            }
            if header.isOutline {
                templates.append(ScenarioOutline.Line(number: number, text: rawLine))
                return nil
            }
            switch step(tokens, line: rawLine) {
            case .success(let step):
                steps.append(
                    LocatedStep(
                        step: step, line: number, source: rawLine.trimmingCharacters(in: .whitespaces)))
                return nil
            case .failure(let problem): return fail(problem.column, problem.message)
            }
        }

        /// Reads the `scenario:` or `scenario outline:` header; the problem with it, if any.
        private mutating func readHeader(_ rawLine: String, number: Int, first: Token) -> String? {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            let isOutline = trimmed.hasPrefix("scenario outline:")
            guard isOutline || first.word?.hasPrefix("scenario:") == true else {
                return "a scenario file starts with a 'scenario: <name>' header"
            }
            let title = trimmed.dropFirst(isOutline ? "scenario outline:".count : "scenario:".count)
                .trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else {
                return "the scenario needs a name after '\(isOutline ? "scenario outline:" : "scenario:")'"
            }
            header = (ScenarioOutline.Line(number: number, text: rawLine), title, isOutline)
            return nil
        }

        /// Reads a line after `examples:`: a table row, a comment or a blank line.
        private mutating func readRow(_ rawLine: String, number: Int) -> Problem? {
            guard rawLine.utf8.count <= maximumLineBytes else {
                return Problem(
                    column: 1,
                    message:
                        "this line is \(rawLine.utf8.count) bytes long; a line may be at most \(maximumLineBytes) bytes (16 KiB)"
                )
            }
            let characters = Array(rawLine)
            if let problem = forbiddenCharacter(in: characters) { return problem }
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
            let cells: [ScenarioOutline.Cell]
            switch ScenarioOutline.cells(rawLine) {
            case .success(let found): cells = found
            case .failure(let problem): return problem
            }
            let row = ScenarioOutline.Row(line: number, cells: cells)
            guard columns != nil else {
                var seen: Set<String> = []
                for cell in cells {
                    guard cell.text.count <= ScenarioOutline.maximumPlaceholderLength,
                        !cell.text.isEmpty, cell.text.allSatisfy(ScenarioOutline.isPlaceholderCharacter)
                    else {
                        return Problem(
                            column: cell.column,
                            message:
                                "a column's name is 1 to \(ScenarioOutline.maximumPlaceholderLength) letters, digits, _ or -, as its <placeholder> in the steps"
                        )
                    }
                    guard seen.insert(cell.text).inserted else {
                        return Problem(
                            column: cell.column, message: "the column '\(cell.text)' is named twice")
                    }
                }
                columns = row
                return nil
            }
            guard rows.count < ScenarioOutline.maximumExamples else {
                return Problem(
                    column: 1,
                    message: "an examples table may hold at most \(ScenarioOutline.maximumExamples) rows")
            }
            rows.append(row)
            return nil
        }

        /// The scenarios read, or what is missing.
        func finish() -> Result<[Scenario], ScenarioSyntaxError> {
            guard let header else {
                return .failure(
                    ScenarioSyntaxError(
                        path: path, line: 1, column: 1, message: "the file has no 'scenario: <name>' header",
                        lineText: lines.first ?? ""))
            }
            guard header.isOutline else {
                let scenario = Scenario(name: header.name, path: path, steps: steps, tags: tags)
                return ScenarioNameCheck.validate(scenario, lines: lines).map { [$0] }
            }
            func missing(_ line: Int, _ message: String) -> Result<[Scenario], ScenarioSyntaxError> {
                .failure(
                    ScenarioSyntaxError(
                        path: path, line: line, column: 1, message: message, lineText: lines[line - 1]))
            }
            guard let examplesLine else {
                return missing(
                    header.line.number, "a scenario outline needs an 'examples:' table after its steps")
            }
            guard let columns, !rows.isEmpty else {
                return missing(
                    examplesLine,
                    "the 'examples:' table needs a header row of column names and at least one row")
            }
            return ScenarioOutline(
                path: path, tags: tags, header: header.line, name: header.name, steps: templates,
                examplesLine: examplesLine, columns: columns, rows: rows, lines: lines
            ).scenarios()
        }
    }
}
