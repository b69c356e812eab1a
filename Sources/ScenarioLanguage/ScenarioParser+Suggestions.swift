import Foundation

/// What an unknown step is told: the closest known step.
extension ScenarioParser {
    /// "unknown step", with the closest known step's usage: compared on the first word, or the first
    /// two for the steps that share a first word (given, expect, server, network).
    ///
    /// Only words of up to ``maximumQuotedLength`` characters are compared (when the first two are
    /// longer, the first alone against the step's first word; a longer first word gets no suggestion),
    /// so the work stays linear in the line's length although the edit distance is quadratic.
    static func unknownStep(_ line: String) -> String {
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2)
        let first = words.first.map(String.init) ?? ""
        let firstTwo = words.prefix(2).joined(separator: " ")
        let firstIsShort = first.count <= maximumQuotedLength
        let firstTwoAreShort = firstTwo.count <= maximumQuotedLength
        func key(_ usage: String) -> String {
            let parts = usage.split(separator: " ").map(String.init)
            return parts.first.map {
                ["given", "expect", "server", "network"].contains($0)
                    ? parts.prefix(2).joined(separator: " ") : $0
            } ?? ""
        }
        let distances = usages.filter { !$0.hasPrefix("<") }.compactMap {
            usage -> (usage: String, distance: Int)? in
            let target = key(usage)
            if target.contains(" "), firstTwoAreShort { return (usage, editDistance(firstTwo, target)) }
            guard firstIsShort else { return nil }
            return (usage, editDistance(first, target.split(separator: " ").first.map(String.init) ?? ""))
        }
        let best = distances.min { $0.distance < $1.distance }?.usage
        return "unknown step '\(quoted(first))'" + (best.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// The Levenshtein distance between two words, ignoring case: quadratic, so for short words only.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let left = Array(a.lowercased())
        let right = Array(b.lowercased())
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, r) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
