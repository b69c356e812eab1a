import Foundation

/// The one table a load run prints: its figures, a row each.
public enum LoadTable {
    /// The table of `figures`.
    public static func text(_ figures: LoadFigures) -> String {
        let rows: [(String, String)] = [
            ("people", "\(figures.people) (\(figures.drivers) driver processes)"),
            ("actions", "\(figures.actions) done, \(figures.skipped) skipped"),
            ("messages", "\(figures.messages)"),
            ("messages per second", String(format: "%.1f", figures.messagesPerSecond)),
            (
                "send → shown to the other side",
                String(
                    format: "median %.2f s, p99 %.2f s, max %.2f s", figures.latencyMedian,
                    figures.latencyP99,
                    figures.latencyMax)
            ),
            ("shown only when read at the end", "\(figures.shownAtCheck)"),
            ("engine CPU per person", String(format: "%.2f s", figures.cpuSecondsPerPerson)),
            ("engine memory per person", megabytes(figures.memoryBytesPerPerson)),
            ("sync traffic per person", megabytes(figures.syncBytesPerPerson)),
            ("busiest driver main thread", String(format: "%.0f%% busy", figures.busiestMainThread * 100)),
            ("wall time", String(format: "%.0f s", figures.wallSeconds)),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        let rule = String(repeating: "-", count: width + 2) + "+" + String(repeating: "-", count: 44)
        var lines = ["\("figure".padding(toLength: width, withPad: " ", startingAt: 0))  | value", rule]
        for (name, value) in rows {
            lines.append("\(name.padding(toLength: width, withPad: " ", startingAt: 0))  | \(value)")
        }
        return lines.joined(separator: "\n")
    }

    /// Bytes in megabytes with one decimal (`1.5 MB`).
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
