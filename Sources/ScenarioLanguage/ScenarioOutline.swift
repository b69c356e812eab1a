import Foundation

/// A scenario outline as read, before its examples make scenarios of it: the name and steps as
/// written, with `<placeholders>`, and the `examples:` table.
///
/// Each row of the table is one scenario: every `<column>` of the name and the steps is replaced by
/// the row's cell as written (inside a string the string's escapes apply, so `\u{3C}` is a `<` that
/// is no placeholder), then the steps are parsed. A placeholder is `<`, 1 to 64 letters, digits,
/// `_` or `-`, and `>`; one that names no column, a column no step uses, and a row with another
/// number of cells than the header are syntax errors. The work stays linear: at most
/// ``maximumExamples`` rows, each expanded line at most ``ScenarioParser/maximumLineBytes`` and all
/// of them at most ``maximumExpandedBytes``.
struct ScenarioOutline {
    /// A line of the outline as written, with its number.
    struct Line {
        let number: Int
        let text: String
    }

    /// A cell of the table: its text (`\|` read as `|`) and its 1-based column.
    struct Cell {
        let text: String
        let column: Int
    }

    /// A row of the table.
    struct Row {
        let line: Int
        let cells: [Cell]
    }

    /// The most rows an examples table may hold.
    static let maximumExamples = 1_000

    /// The most bytes the steps of all the rows may add up to (2 MiB, twice a file).
    static let maximumExpandedBytes = 2 << 20

    /// The longest placeholder name.
    static let maximumPlaceholderLength = 64

    let path: String
    let tags: [String]
    /// The `scenario outline:` line, and the name after it.
    let header: Line
    let name: String
    /// The step lines, as written.
    let steps: [Line]
    /// The `examples:` line's number.
    let examplesLine: Int
    /// The column names, then the rows.
    let columns: Row
    let rows: [Row]
    /// Every line of the file, for errors of the name check.
    let lines: [String]

    // MARK: Reading the table

    /// The cells of a table row `| a | b |`: text between unescaped `|`, trimmed; `\|` is a `|` and a
    /// backslash before anything else stays with it as written.
    static func cells(_ line: String) -> Result<[Cell], ScenarioParser.Problem> {
        let characters = Array(line)
        guard let start = characters.firstIndex(where: { $0 != " " && $0 != "\t" }), characters[start] == "|"
        else {
            return .failure(
                ScenarioParser.Problem(
                    column: 1,
                    message: "after 'examples:' come only table rows, as in '| alice | wonderland |'"))
        }
        var cells: [Cell] = []
        var text = ""
        var cellStart = start + 1
        var index = start + 1
        var closed = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                if characters[index + 1] == "|" {
                    text.append("|")
                } else {
                    text.append(character)
                    text.append(characters[index + 1])
                }
                index += 2
                closed = false
                continue
            }
            if character == "|" {
                let leading = text.prefix { $0 == " " || $0 == "\t" }.count
                cells.append(
                    Cell(text: text.trimmingCharacters(in: .whitespaces), column: cellStart + leading + 1))
                text = ""
                cellStart = index + 1
                closed = true
            } else {
                text.append(character)
                if character != " ", character != "\t" { closed = false }
            }
            index += 1
        }
        guard closed else {
            return .failure(
                ScenarioParser.Problem(
                    column: characters.count,
                    message: "a table row ends with '|' (write a '|' in a cell as \\|)"))
        }
        return .success(cells)
    }

    /// The placeholders of a line, `<name>`, before its comment: each one's characters and name.
    static func placeholders(in line: String, wholeLine: Bool = false) -> [(range: Range<Int>, name: String)]
    {
        let characters = Array(line)
        var found: [(range: Range<Int>, name: String)] = []
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if inString, character == "\\" {
                index += 2
                continue
            }
            if character == "\"" { inString.toggle() }
            if character == "#", !inString, !wholeLine { break }
            if character == "<" {
                var end = index + 1
                while end < characters.count, end - index <= maximumPlaceholderLength,
                    isPlaceholderCharacter(characters[end])
                {
                    end += 1
                }
                if end < characters.count, characters[end] == ">",
                    (1...maximumPlaceholderLength).contains(end - index - 1)
                {
                    found.append((index..<end + 1, String(characters[index + 1..<end])))
                    index = end + 1
                    continue
                }
            }
            index += 1
        }
        return found
    }

    /// Whether a placeholder's name may hold `character`.
    static func isPlaceholderCharacter(_ character: Character) -> Bool {
        character.isASCII
            && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }
}
