import Foundation

/// What the benchmark prints: a plain table per section, or with `--json` one JSON document of
/// every figure at the end.
@MainActor
final class Report {
    /// The most a figure may be: a multiple of its baseline, or a time.
    enum Bound: Sendable {
        case ratio(Double)
        case time(nanoseconds: Double)

        var text: String {
            switch self {
            case .ratio(let ratio): "≤ \(Report.number(ratio))×"
            case .time(let nanoseconds):
                "≤ \(Report.time(nanoseconds).replacingOccurrences(of: ".00 ", with: " "))"
            }
        }

        /// Whether `nanoseconds` (against `baseline`, for a ratio) stays within the bound.
        func holds(_ nanoseconds: Double, baseline: Double?) -> Bool {
            switch self {
            case .ratio(let ratio): baseline.map { nanoseconds <= ratio * $0 } ?? false
            case .time(let limit): nanoseconds <= limit
            }
        }
    }

    /// One figure, as `--json` writes it.
    struct Figure: Encodable {
        let section: String
        let name: String
        /// The median per operation.
        let nanoseconds: Double
        /// The baseline's median per operation, measured in the same run.
        let baselineNanoseconds: Double?
        let bound: String?
        let passed: Bool?
    }

    /// Whether verdicts mean anything: not in a smoke run (tiny sizes) nor in a debug build.
    let judges: Bool
    private let json: Bool
    private var figures: [Figure] = []

    init(judges: Bool, json: Bool) {
        self.judges = judges
        self.json = json
    }

    /// Prints a section's title.
    func section(_ title: String) {
        if !json { print("\n== \(title)") }
    }

    /// Prints a line of explanation under a section's title.
    func note(_ text: String) {
        if !json { print(text) }
    }

    /// Records a figure; returns its verdict for the table ("PASS", "MISS", or "—" when there is no
    /// bound or the run does not judge).
    @discardableResult
    func record(
        _ section: String, _ name: String, nanoseconds: Double, baseline: Double? = nil, bound: Bound? = nil
    ) -> String {
        let passed = bound.map { $0.holds(nanoseconds, baseline: baseline) }
        figures.append(
            Figure(
                section: section, name: name, nanoseconds: nanoseconds, baselineNanoseconds: baseline,
                bound: bound?.text, passed: judges ? passed : nil))
        guard let passed, judges else { return "—" }
        return passed ? "PASS" : "MISS"
    }

    /// Records `engine` against `baseline` (per operation, the same run) with the bound `bound` times
    /// the baseline; returns the table row: name, baseline, engine, ratio, bound, verdict.
    func comparison(_ section: String, _ name: String, baseline: Double, engine: Double, bound: Double)
        -> [String]
    {
        let verdict = record(section, name, nanoseconds: engine, baseline: baseline, bound: .ratio(bound))
        return [
            name, Report.time(baseline), Report.time(engine), Report.number(engine / baseline) + "×",
            Bound.ratio(bound).text, verdict,
        ]
    }

    /// Prints rows under a header, each column as wide as its widest cell.
    func table(_ header: [String], _ rows: [[String]]) {
        guard !json else { return }
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        for row in all {
            let cells = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            print(cells.joined(separator: "   "))
        }
    }

    /// Ends the report: with `--json` every figure recorded, as JSON; else, when the run judges,
    /// which bounds held.
    func finish() {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(figures), let text = String(data: data, encoding: .utf8) {
                print(text)
            }
        } else if judges {
            let missed = figures.filter { $0.passed == false }.map { "\($0.section): \($0.name)" }
            let judged = figures.filter { $0.passed != nil }.count
            print(
                missed.isEmpty
                    ? "\nevery bound held (\(judged))"
                    : "\nbounds missed (\(missed.count) of \(judged)): " + missed.joined(separator: ", "))
        }
    }

    /// Nanoseconds in the unit that suits them: "12.3 ns", "4.56 µs", "1.23 ms", "2.50 s".
    nonisolated static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.1f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1_000_000)
        default: String(format: "%.2f s", nanoseconds / 1_000_000_000)
        }
    }

    /// A ratio with two decimals, or none for a whole number: "2.41", "3".
    nonisolated static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
