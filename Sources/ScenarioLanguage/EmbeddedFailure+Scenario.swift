import EmbeddedBackend

/// The fault kinds as the scenario language writes them: `server error`, `not found`, `forbidden`,
/// `gone`, `rate limit <duration>`, `timeout`, `malformed answer`.
extension EmbeddedFailure {
    /// The kinds' words, for help and error messages.
    static let scenarioKinds = [
        "server error", "not found", "forbidden", "gone", "rate limit <duration>", "timeout",
        "malformed answer",
    ]

    /// The kind in the scenario language's words (`rate limit 30s`).
    var scenarioText: String {
        switch self {
        case .serverError: "server error"
        case .notFound: "not found"
        case .forbidden: "forbidden"
        case .gone: "gone"
        case .rateLimited(let seconds): "rate limit \(seconds)s"
        case .timeout: "timeout"
        case .malformedAnswer: "malformed answer"
        }
    }
}
