/// The tags of a scenario: `@smoke @chat` on lines before its `scenario:` header.
///
/// A tag is `@` and 1 to ``maximumLength`` ASCII letters, digits and dashes; tags are compared
/// ignoring case (`--tag Smoke` selects `@smoke`), and a file holds at most ``maximumCount``.
public enum ScenarioTags {
    /// The longest tag, in characters, without its `@`.
    public static let maximumLength = 32

    /// The most tags one file may hold.
    public static let maximumCount = 32

    /// Whether `name` (without the `@`) is a valid tag: 1 to ``maximumLength`` ASCII letters,
    /// digits and dashes.
    public static func isValid(_ name: some StringProtocol) -> Bool {
        (1...maximumLength).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// What is wrong with a tag as written (with its `@`), or `nil` when it is valid.
    static func problem(_ word: String) -> String? {
        guard word.hasPrefix("@") else {
            return "a tag line holds only tags, each '@' and a name, as in '@smoke @chat'"
        }
        guard isValid(word.dropFirst()) else {
            return
                "'\(ScenarioParser.quoted(word))' is not a tag: after '@' come 1 to \(maximumLength) letters, digits or dashes"
        }
        return nil
    }

    /// The tags of one tag line (its tokens), or the problem with the first that is not a tag.
    static func parse(_ tokens: [ScenarioParser.Token]) -> Result<[String], ScenarioParser.Problem> {
        var tags: [String] = []
        for token in tokens {
            guard let word = token.word else {
                return .failure(
                    ScenarioParser.Problem(
                        column: token.column,
                        message: "a tag line holds only tags, each '@' and a name, as in '@smoke @chat'"))
            }
            if let message = problem(word) {
                return .failure(ScenarioParser.Problem(column: token.column, message: message))
            }
            tags.append(String(word.dropFirst()))
        }
        return .success(tags)
    }

    /// Whether `tags` (a scenario's) include one of `wanted`, ignoring case.
    public static func matches(_ tags: [String], anyOf wanted: [String]) -> Bool {
        let lowered = Set(tags.map { $0.lowercased() })
        return wanted.contains { lowered.contains($0.lowercased()) }
    }
}
