import Foundation

/// What the benchmark prints: a plain table per section, or with `--json` one JSON document of
/// every figure at the end.
///
/// Figures are reported, not judged against a hand-written floor: a baseline beside a figure says
/// what the same work costs written by hand, for reading. The one verdict is what a user feels at
/// scale: an operation at the largest size costs at most ``growthLimit`` times what it costs at the
/// smallest (no step that grows with the data).
@MainActor
final class Report {
    /// How much an operation may cost at the largest size against the smallest.
    static let growthLimit = 2.0

    /// One figure, as `--json` writes it.
    struct Figure: Encodable {
        let section: String
        let name: String
        /// The median per operation.
        let nanoseconds: Double
        /// The baseline's median per operation, measured in the same run: the same work by hand, or
        /// the same operation at the smallest size (for a growth check).
        let baselineNanoseconds: Double?
        /// The growth allowed, for a growth check.
        let bound: String?
        /// Whether the growth check held; `nil` when the figure has none or the run does not judge.
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

    /// Records a figure, with the baseline measured beside it if there is one.
    func record(_ section: String, _ name: String, nanoseconds: Double, baseline: Double? = nil) {
        figures.append(
            Figure(
                section: section, name: name, nanoseconds: nanoseconds, baselineNanoseconds: baseline,
                bound: nil, passed: nil))
    }

    /// Records `engine` beside `baseline` (per operation, the same run); returns the table row: name,
    /// baseline, engine, ratio.
    func comparison(_ section: String, _ name: String, baseline: Double, engine: Double) -> [String] {
        record(section, name, nanoseconds: engine, baseline: baseline)
        return [name, Report.time(baseline), Report.time(engine), Report.number(engine / baseline) + "×"]
    }

    /// Records how an operation's cost grew from the smallest size (`small`) to a larger one
    /// (`large`); returns the table row: name, both figures, the growth and the verdict ("PASS",
    /// "MISS", or "—" when the run does not judge).
    func growth(_ section: String, _ name: String, small: Double, large: Double) -> [String] {
        let passed = large <= Self.growthLimit * small
        figures.append(
            Figure(
                section: section, name: name + ": growth", nanoseconds: large, baselineNanoseconds: small,
                bound: "≤ \(Report.number(Self.growthLimit))×", passed: judges ? passed : nil))
        let verdict = judges ? (passed ? "PASS" : "MISS") : "—"
        return [name, Report.time(small), Report.time(large), Report.number(large / small) + "×", verdict]
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
    /// which growth checks held.
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
                    ? "\nevery growth check held (\(judged))"
                    : "\ngrowth checks missed (\(missed.count) of \(judged)): "
                        + missed.joined(separator: ", "))
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
