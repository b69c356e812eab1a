import EmbeddedBackend

/// `server fails …`: the next request to an endpoint, or the next n, or every one for a while, fail
/// as a kind says (a server error when no kind is given).
///
/// ```
/// server fails next <endpoint> [with <kind>]
/// server fails <endpoint> <n> times [with <kind>]
/// server fails <endpoint> for <duration> [with <kind>]
/// <kind>: server error | not found | forbidden | gone | rate limit <duration> | timeout | malformed answer
/// ```
extension ScenarioParser {
    /// The most requests `server fails <endpoint> <n> times` may fail.
    static let maximumFailureCount = 10_000

    /// The rest of a `server fails` step, after `fails`.
    static func serverFails(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        let isNext = reader.peekWord == "next"
        if isNext { reader.skip() }
        return endpoint(&reader).flatMap { endpoint in
            if isNext {
                guard reader.peekWord == "with" else { return reader.end(.serverFailsNext(endpoint)) }
                return kind(&reader).flatMap { reader.end(.serverFails(endpoint, $0, .times(1))) }
            }
            return span(&reader).flatMap { span in
                guard reader.peekWord == "with" else {
                    return reader.end(.serverFails(endpoint, .serverError, span))
                }
                return kind(&reader).flatMap { reader.end(.serverFails(endpoint, $0, span)) }
            }
        }
    }

    private static func endpoint(_ reader: inout Reader) -> Result<String, Problem> {
        reader.word("an endpoint such as signIn").flatMap { endpoint in
            guard Self.endpoints.contains(endpoint) else {
                return .failure(
                    Problem(
                        column: reader.lastColumn,
                        message:
                            "unknown endpoint '\(quoted(endpoint))'; one of: \(Self.endpoints.joined(separator: ", "))"
                    ))
            }
            return .success(endpoint)
        }
    }

    /// `<n> times` or `for <duration>`.
    private static func span(_ reader: inout Reader) -> Result<FailureSpan, Problem> {
        if reader.peekWord == "for" {
            reader.skip()
            return reader.duration().flatMap { duration in
                guard duration > .zero else {
                    return .failure(
                        Problem(column: reader.lastColumn, message: "a failure lasts more than 0s"))
                }
                return .success(.lasting(duration))
            }
        }
        guard let word = reader.peekWord, word.first?.isASCII == true, word.first?.isNumber == true else {
            return .failure(
                Problem(column: reader.column, message: "expected 'next', '<n> times' or 'for <duration>'"))
        }
        return reader.count(maximum: maximumFailureCount).flatMap { count in
            guard count > 0 else {
                return .failure(
                    Problem(column: reader.lastColumn, message: "a failure meets 1 request or more"))
            }
            return reader.keyword("times").map { .times(count) }
        }
    }

    /// `with <kind>`.
    private static func kind(_ reader: inout Reader) -> Result<EmbeddedFailure, Problem> {
        reader.skip()
        let problem = Problem(
            column: reader.column,
            message: "expected a kind of failure: \(EmbeddedFailure.scenarioKinds.joined(separator: ", "))")
        switch reader.peekWord {
        case "server":
            reader.skip()
            return reader.keyword("error").map { .serverError }
        case "not":
            reader.skip()
            return reader.keyword("found").map { .notFound }
        case "forbidden":
            reader.skip()
            return .success(.forbidden)
        case "gone":
            reader.skip()
            return .success(.gone)
        case "timeout":
            reader.skip()
            return .success(.timeout)
        case "malformed":
            reader.skip()
            return reader.keyword("answer").map { .malformedAnswer }
        case "rate":
            reader.skip()
            return reader.keyword("limit").flatMap { reader.duration() }.flatMap { wait in
                let seconds = Int((wait + .milliseconds(999)).components.seconds)
                guard seconds > 0 else {
                    return .failure(
                        Problem(column: reader.lastColumn, message: "a rate limit waits 1s or more"))
                }
                return .success(.rateLimited(retryAfterSeconds: seconds))
            }
        default:
            return .failure(problem)
        }
    }
}
