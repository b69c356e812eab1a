/// How one scenario ended.
public struct ScenarioResult: Sendable {
    /// The scenario's name.
    public let name: String
    /// Its file.
    public let path: String
    /// Why it failed; `nil` when it passed.
    public let failure: ScenarioFailure?
    /// Everything it showed and fired.
    public let transcript: [TranscriptEntry]
    /// How many seconds of (virtual) time it spanned.
    public let seconds: Double

    /// Whether every step ran and every expectation held.
    public var passed: Bool { failure == nil }

    /// Creates a result.
    public init(
        name: String, path: String, failure: ScenarioFailure?, transcript: [TranscriptEntry], seconds: Double
    ) {
        self.name = name
        self.path = path
        self.failure = failure
        self.transcript = transcript
        self.seconds = seconds
    }
}

/// The step that stopped a scenario, and why.
public struct ScenarioFailure: Hashable, Sendable {
    /// The step's line.
    public let line: Int
    /// The step as written, with a secret it types or sets shown as `•••` (``SecretMask``).
    public let step: String
    /// What went wrong.
    public let message: String
    /// What the step expected, for expectations.
    public let expected: String?
    /// What was there instead, for expectations.
    public let actual: String?

    /// Creates a failure.
    public init(line: Int, step: String, message: String, expected: String? = nil, actual: String? = nil) {
        self.line = line
        self.step = step
        self.message = message
        self.expected = expected
        self.actual = actual
    }
}
