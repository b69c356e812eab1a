import EmbeddedBackend
import HeadlessFrontEnd
import Models
import ScenarioLanguage
import Testing

/// `server fails …`: the next request, the next n or every one for a while, each with a kind; the
/// plain `server fails next <endpoint>` is what it was.
@Suite struct ServerFaultStepTests {
    func step(_ line: String) -> Result<ScenarioStep, ScenarioSyntaxError> {
        ScenarioParser.parseStep(line)
    }

    @Test(arguments: [
        ("server fails next signIn", ScenarioStep.serverFailsNext("signIn")),
        (
            "server fails next sendMessage with server error",
            .serverFails("sendMessage", .serverError, .times(1))
        ),
        ("server fails next sendMessage with not found", .serverFails("sendMessage", .notFound, .times(1))),
        ("server fails next unmatch with forbidden", .serverFails("unmatch", .forbidden, .times(1))),
        ("server fails next sendMessage with gone", .serverFails("sendMessage", .gone, .times(1))),
        (
            "server fails next sendSwipe with rate limit 90s",
            .serverFails("sendSwipe", .rateLimited(retryAfterSeconds: 90), .times(1))
        ),
        (
            "server fails next sendSwipe with rate limit 2m",
            .serverFails("sendSwipe", .rateLimited(retryAfterSeconds: 120), .times(1))
        ),
        (
            "server fails next signIn with rate limit 1500ms",
            .serverFails("signIn", .rateLimited(retryAfterSeconds: 2), .times(1))
        ),
        (
            "server fails next fetchCandidates with timeout",
            .serverFails("fetchCandidates", .timeout, .times(1))
        ),
        (
            "server fails next fetchMessages with malformed answer",
            .serverFails("fetchMessages", .malformedAnswer, .times(1))
        ),
        ("server fails sendMessage 3 times", .serverFails("sendMessage", .serverError, .times(3))),
        ("server fails sendMessage 3 times with gone", .serverFails("sendMessage", .gone, .times(3))),
        ("server fails markRead for 5m", .serverFails("markRead", .serverError, .lasting(.seconds(300)))),
        (
            "server fails refresh for 1h with timeout",
            .serverFails("refresh", .timeout, .lasting(.seconds(3600)))
        ),
    ])
    func everyForm_parses(_ line: String, _ expected: ScenarioStep) throws {
        #expect(try step(line).get() == expected)
    }

    @Test(arguments: [
        "server fails next signIn", "server fails next sendMessage with not found",
        "server fails next sendSwipe with rate limit 90s", "server fails sendMessage 3 times with timeout",
        "server fails markRead for 5m with malformed answer", "server fails unmatch 2 times with forbidden",
    ])
    func everyForm_isWrittenBackAsItself(_ line: String) throws {
        let parsed = try step(line).get()
        #expect(parsed.scenarioLine == line)
        #expect(try step(parsed.scenarioLine).get() == parsed)
    }

    @Test(arguments: [
        ("server fails next sendMessage with lava", "expected a kind of failure: server error, not found"),
        ("server fails next sendMessage with not there", "expected 'found'"),
        ("server fails next sendMessage with rate limit", "expected a duration such as 5s, 10m or 2h"),
        ("server fails next sendMessage with rate limit 0s", "a rate limit waits 1s or more"),
        ("server fails sendMessage 0 times", "a failure meets 1 request or more"),
        ("server fails sendMessage 3", "expected 'times'"),
        ("server fails sendMessage for 0s", "a failure lasts more than 0s"),
        ("server fails sendMessage", "expected 'next', '<n> times' or 'for <duration>'"),
        ("server fails login 2 times", "unknown endpoint 'login'"),
        ("server fails next sendMessage with gone now", "unexpected text at the end of the step"),
    ])
    func mistakes_sayWhatWasExpected(_ line: String, _ message: String) {
        guard case .failure(let error) = step(line) else {
            Issue.record("'\(line)' parsed")
            return
        }
        #expect(error.message.hasPrefix(message) || error.message.contains(message), "\(error.message)")
    }
}
