import Foundation
import ScenarioLanguage

extension CommandLineInterface {
    /// The scenarios with any of the tags `--tag` gave (each value a tag or a comma-separated list,
    /// with or without its `@`); all of them when none was given.
    ///
    /// A malformed tag, or one that no scenario in the files has, is an error naming the tags the
    /// files do have (at most twenty), so a misspelt tag does not pass by running nothing.
    static func selectTags(_ values: [String], in scenarios: [Scenario]) -> Result<
        [Scenario], ScenarioRunError
    > {
        let wanted = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
        guard !wanted.isEmpty else { return .success(scenarios) }
        if let bad = wanted.first(where: { !ScenarioTags.isValid($0) }) {
            return .failure(
                ScenarioRunError(
                    "--tag '\(ScenarioParser.quoted(bad))' is not a tag: 1 to \(ScenarioTags.maximumLength) letters, digits or dashes"
                ))
        }
        var known: [String] = []
        var seen: Set<String> = []
        for tag in scenarios.flatMap(\.tags) where seen.insert(tag.lowercased()).inserted {
            known.append(tag)
        }
        if let unknown = wanted.first(where: { !ScenarioTags.matches(known, anyOf: [$0]) }) {
            let list =
                known.isEmpty
                ? "none"
                : known.sorted { $0.lowercased() < $1.lowercased() }.prefix(20).map { "@" + $0 }.joined(
                    separator: ", ")
            return .failure(
                ScenarioRunError("no scenario has the tag @\(unknown); the tags in these files: \(list)"))
        }
        return .success(scenarios.filter { ScenarioTags.matches($0.tags, anyOf: wanted) })
    }
}
