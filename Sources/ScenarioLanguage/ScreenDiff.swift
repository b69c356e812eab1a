/// A line diff of two screens as text, for a failing step's report.
///
/// Each line of the result is `  ` (the same on both), `- ` (only before) or `+ ` (only after), in
/// order; a run of more than ``contextLines`` × 2 unchanged lines is cut to its ends around `  …`. The
/// longest common subsequence is computed for screens of up to ``maximumLines`` lines each; larger
/// ones (a long list) are compared as sets of lines, so the work stays bounded.
public enum ScreenDiff {
    /// The unchanged lines kept on each side of a change.
    public static let contextLines = 2

    /// The most lines of a screen the exact diff is computed for.
    public static let maximumLines = 400

    /// The diff of `before` and `after`, one string per line; empty when they are the same.
    public static func lines(before: String, after: String) -> [String] {
        guard before != after else { return [] }
        let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marked =
            old.count <= maximumLines && new.count <= maximumLines
            ? longestCommon(old, new) : bySet(old, new)
        return trimmed(marked)
    }

    /// Every line marked by the longest common subsequence of the two.
    private static func longestCommon(_ old: [String], _ new: [String]) -> [String] {
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] =
                    old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append("  " + old[i])
                i += 1
                j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                result.append("- " + old[i])
                i += 1
            } else {
                result.append("+ " + new[j])
                j += 1
            }
        }
        return result
    }

    /// The lines only before, then the lines only after, as sets: for screens too long to align.
    private static func bySet(_ old: [String], _ new: [String]) -> [String] {
        let oldSet = Set(old)
        let newSet = Set(new)
        return old.filter { !newSet.contains($0) }.map { "- " + $0 }
            + new.filter { !oldSet.contains($0) }.map { "+ " + $0 }
    }

    /// The marked lines with long unchanged runs cut to their ends.
    private static func trimmed(_ marked: [String]) -> [String] {
        var result: [String] = []
        var run: [String] = []
        func flush(atStart: Bool, atEnd: Bool) {
            let keepBefore = atStart ? 0 : contextLines
            let keepAfter = atEnd ? 0 : contextLines
            if run.count > keepBefore + keepAfter {
                result += run.prefix(keepBefore)
                result.append("  …")
                result += run.suffix(keepAfter)
            } else {
                result += run
            }
            run = []
        }
        for line in marked {
            if line.hasPrefix("  ") {
                run.append(line)
            } else {
                flush(atStart: result.isEmpty, atEnd: false)
                result.append(line)
            }
        }
        flush(atStart: result.isEmpty, atEnd: true)
        return result
    }
}
