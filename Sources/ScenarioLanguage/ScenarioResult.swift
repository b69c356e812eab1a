import GenericScreens
import HeadlessFrontEnd
import Models

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
    /// The scenario's tags (``Scenario/tags``).
    public let tags: [String]

    /// Whether every step ran and every expectation held.
    public var passed: Bool { failure == nil }

    /// Creates a result.
    public init(
        name: String, path: String, failure: ScenarioFailure?, transcript: [TranscriptEntry], seconds: Double,
        tags: [String] = []
    ) {
        self.name = name
        self.path = path
        self.failure = failure
        self.transcript = transcript
        self.seconds = seconds
        self.tags = tags
    }
}

/// The step that stopped a scenario, and why.
public struct ScenarioFailure: Hashable, Sendable {
    /// The step's line.
    public let line: Int
    /// The step as written, with a secret it types or sets shown as `•••` (``HeadlessFrontEnd/SecretMask``).
    public let step: String
    /// What went wrong.
    public let message: String
    /// What the step expected, for expectations.
    public let expected: String?
    /// What was there instead, for expectations.
    public let actual: String?
    /// The screen (and alert) as text just before the step ran or, when the step is an expectation
    /// (which changes nothing), before the action it checks; `nil` when the scenario failed before its
    /// first step. Secure fields show as `•••` (``HeadlessFrontEnd/ScreenRenderer``).
    public let screenBefore: String?
    /// The line of the step ``screenBefore`` was taken before.
    public let screenBeforeLine: Int?
    /// The screen (and alert) as text when the step failed.
    public let screenAfter: String?

    /// Creates a failure.
    public init(
        line: Int, step: String, message: String, expected: String? = nil, actual: String? = nil,
        screenBefore: String? = nil, screenBeforeLine: Int? = nil, screenAfter: String? = nil
    ) {
        self.line = line
        self.step = step
        self.message = message
        self.expected = expected
        self.actual = actual
        self.screenBefore = screenBefore
        self.screenBeforeLine = screenBeforeLine
        self.screenAfter = screenAfter
    }

    /// What the screen looked like, as text: the screen (or `(nothing shown)`), then the alert on it.
    public static func text(of screen: Screen?, alert: ScreenAlert?) -> String {
        let shown = screen.map(ScreenRenderer.render) ?? "(nothing shown)"
        return alert.map { shown + "\n" + ScreenRenderer.render($0) } ?? shown
    }
}
