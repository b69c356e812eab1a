import Foundation

/// Formats scenario results for people (one line each, failures in detail, a summary), as JSON
/// transcripts, and as a JUnit XML report.
public enum ScenarioReport {
    /// One line for a result, and for a failure what was expected, what was there, and the last
    /// screens shown.
    public static func text(for result: ScenarioResult, colour: Bool) -> String {
        let pass = colour ? "\u{1B}[32mPASS\u{1B}[0m" : "PASS"
        let fail = colour ? "\u{1B}[31mFAIL\u{1B}[0m" : "FAIL"
        guard let failure = result.failure else { return "\(pass)  \(result.name)  (\(result.path))" }
        var lines = ["\(fail)  \(result.name)  (\(result.path))"]
        lines.append("      \(result.path):\(failure.line): \(failure.step)")
        lines.append("      \(failure.message)")
        if let expected = failure.expected { lines.append("      expected: \(expected)") }
        if let actual = failure.actual { lines.append("      actual:   \(actual)") }
        if let detail = screenDetail(failure) {
            lines += detail.map { "      " + $0 }
            return lines.joined(separator: "\n")
        }
        let screens = result.transcript.filter {
            switch $0.kind {
            case .screen, .screenUpdate, .alert: true
            default: false
            }
        }.suffix(2)
        if !screens.isEmpty {
            lines.append("      --- the last screens ---")
            for entry in screens {
                lines += entry.description.split(separator: "\n").map { "      " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A failure's screens as report lines: the diff of the screen before and after the step, then the
    /// screen as text; `nil` when the failure has no screens (it came before the first step).
    static func screenDetail(_ failure: ScenarioFailure) -> [String]? {
        guard let after = failure.screenAfter else { return nil }
        let diff = ScreenDiff.lines(before: failure.screenBefore ?? "", after: after)
        let since = failure.screenBeforeLine.map { "line \($0)" } ?? "the step"
        var lines = ["--- the screen before \(since) and after the step (- before, + after) ---"]
        lines += diff.isEmpty ? ["(no change)"] : diff
        lines.append("--- the screen after the step ---")
        lines += after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines
    }

    /// The closing line: `N passed, N failed`.
    public static func summary(_ results: [ScenarioResult]) -> String {
        let passed = results.filter(\.passed).count
        return "\(passed) passed, \(results.count - passed) failed"
    }

    /// A scenario's transcript as JSON: its name, file, outcome and every entry with its virtual time.
    public static func json(for result: ScenarioResult) -> Data {
        let document = TranscriptDocument(result)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    /// A JUnit XML report of the results, as CI systems read it.
    public static func junit(_ results: [ScenarioResult]) -> String {
        let failures = results.filter { !$0.passed }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\">",
            "  <testsuite name=\"discover scenarios\" tests=\"\(results.count)\" failures=\"\(failures)\">",
        ]
        for result in results {
            let head =
                "    <testcase name=\"\(xml(result.name))\" classname=\"\(xml(result.path))\" time=\"0\""
            guard let failure = result.failure else {
                lines.append(head + "/>")
                continue
            }
            lines.append(head + ">")
            var detail = "\(result.path):\(failure.line): \(failure.step)\n\(failure.message)"
            if let expected = failure.expected { detail += "\nexpected: \(expected)" }
            if let actual = failure.actual { detail += "\nactual: \(actual)" }
            if let screens = screenDetail(failure) { detail += "\n" + screens.joined(separator: "\n") }
            lines.append("      <failure message=\"\(xml(failure.message))\">\(xml(detail))</failure>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A file name for a scenario's transcript: its name in lowercase letters, digits and dashes.
    public static func fileName(for result: ScenarioResult) -> String {
        let slug = result.name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        return String(slug).split(separator: "-").joined(separator: "-") + ".json"
    }

    private static func xml(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xD800...0xDFFF).contains(scalar.value) || scalar.value == 0xFFFE
                    || scalar.value == 0xFFFF
                {
                    escaped += "?"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}

/// The JSON form of a scenario's transcript.
struct TranscriptDocument: Encodable {
    struct Entry: Encodable {
        let time: Date
        let kind: String
        var screen: String?
        var text: String?
        var event: String?
        var properties: [String: String]?
    }

    let scenario: String
    let file: String
    let passed: Bool
    let tags: [String]
    let failure: String?
    /// A failure's screens: the diff before and after the step, and the screen after it.
    let failureScreenDiff: [String]?
    let failureScreen: String?
    let entries: [Entry]

    init(_ result: ScenarioResult) {
        scenario = result.name
        file = result.path
        passed = result.passed
        tags = result.tags
        failure = result.failure.map { "line \($0.line): \($0.message)" }
        failureScreenDiff = result.failure.flatMap { failure in
            failure.screenAfter.map { ScreenDiff.lines(before: failure.screenBefore ?? "", after: $0) }
        }
        failureScreen = result.failure?.screenAfter
        entries = result.transcript.map { entry in
            switch entry.kind {
            case .screen(let id, let text):
                Entry(time: entry.time, kind: "screen", screen: id.rawValue, text: text)
            case .screenUpdate(let id, let text):
                Entry(time: entry.time, kind: "screenUpdate", screen: id.rawValue, text: text)
            case .alert(let text): Entry(time: entry.time, kind: "alert", text: text)
            case .intent(let text): Entry(time: entry.time, kind: "intent", text: text)
            case .analytics(let event):
                Entry(time: entry.time, kind: "event", event: event.name, properties: event.properties)
            case .error(let text): Entry(time: entry.time, kind: "error", text: text)
            case .note(let text): Entry(time: entry.time, kind: "note", text: text)
            }
        }
    }
}
