import EmbeddedBackend
import Models

/// One step of a scenario, as parsed.
public enum ScenarioStep: Hashable, Sendable {
    // MARK: Set-up (before launch)

    /// `given demo people`: alice, bob, carol and dave.
    case givenDemoPeople
    /// `given user sam password "…" [born 2000-01-01]`.
    case givenUser(username: String, password: String, born: String?)
    /// `given candidates 500`: generated people in the pool besides the accounts.
    case givenCandidates(Int)
    /// `given daily likes 3`: the daily like limit.
    case givenDailyLikes(Int)
    /// `given latency 2s`: how long every response takes.
    case givenLatency(Duration)
    /// `given I am alice`: who "me" is in `carol likes me` before anyone signed in.
    case givenMe(String)

    // MARK: The user

    /// `launch`.
    case launch
    /// `relaunch`: end the process and start it again.
    case relaunch
    /// `tap "Log in"`.
    case tap(String)
    /// `type "alice" into "Username"`.
    case type(String, into: String)
    /// `type $DISCOVER_PASSWORD into "Password"`: types the value of an environment variable (named
    /// without the `$`), so a scenario need not hold a password; the runner fails the scenario,
    /// naming the variable, when it is not set or empty.
    case typeVariable(String, into: String)
    /// `type 5000 × "👍" into "Message"` (or `x`): the text repeated that many times, typed at once —
    /// the longest valid input of a field without a line as long (at most
    /// ``ScenarioParser/maximumRepeatedBytes`` in all).
    case typeRepeated(Int, String, into: String)
    /// `swipe right|left|up`: like, pass, super like.
    case swipe(SwipeAction)
    /// `open discover://chat/bob`.
    case open(String)
    /// `logout`: tap "Log out" and confirm.
    case logout

    // MARK: Time, the other side and the world

    /// `wait 5m` on the virtual clock.
    case wait(Duration)
    /// `carol likes me`, `carol super likes me` (also after `given`).
    case likesMe(String, superLike: Bool)
    /// `bob sends "hi"`: bob's app sends a message to the user.
    case sends(String, text: String)
    /// `bob reads`: bob reads the conversation with the user.
    case reads(String)
    /// `bob types`: bob starts typing to the user.
    case types(String)
    /// `bob unmatches me`.
    case unmatchesMe(String)
    /// `bob edits "hi" to "hello"`: bob changes the text of his newest message "hi" to the user.
    case edits(String, text: String, to: String)
    /// `bob deletes "hi"`: bob deletes his newest message "hi" to the user.
    case deletes(String, text: String)
    /// `bob blocks me`: bob ends the match and blocks the user.
    case blocksMe(String)
    /// `bob unlikes me`: bob takes back his like of the user, which has not made a match.
    case unlikesMe(String)
    /// `given bob matches me`: bob and the user like each other.
    case matchesMe(String)
    /// `network down` / `network up`.
    case network(up: Bool)
    /// `server revokes token`: every session of the signed-in user.
    case serverRevokesToken
    /// `server fails next signIn`: the next request to that endpoint fails with a server error.
    case serverFailsNext(String)
    /// `server fails next sendMessage with gone`, `server fails sendSwipe 3 times with timeout`,
    /// `server fails fetchCandidates for 5m with rate limit 30s`: the requests to that endpoint the
    /// span says fail as the kind says (embedded backend only).
    case serverFails(String, EmbeddedFailure, FailureSpan)
    /// `damage the outbox`: the user's stored file loses the second half of its last item, as a
    /// write torn by a crash or a bad disk leaves it.
    case damage(AppFile)
    /// `crash leaves temporary files`: temporary files of writes a crash cut short, beside the
    /// session, the swipe queue and the outbox, holding ``AppFolders/leftoverText``.
    case crashLeavesTemporaryFiles

    // MARK: Expectations

    /// `expect screen home`.
    case expectScreen(String)
    /// `expect text "…"`: some visible text contains it.
    case expectText(String)
    /// `expect no text "…"`.
    case expectNoText(String)
    /// `expect exact text "…"`: some visible text is exactly it (not a part of a longer one).
    case expectExactText(String)
    /// `expect rows "messages": "Bob: hi", "You: yo"`: the list shows exactly these rows (their
    /// titles), in this order.
    case expectRows(list: String, [String])
    /// `expect row count "matches" 3`: the list shows that many rows.
    case expectRowCount(list: String, Int)
    /// `expect button "Rewind" disabled` (or `enabled`): a button with that label is shown, in that
    /// state (the alert's buttons while one is shown).
    case expectButton(String, isEnabled: Bool)
    /// `expect no button "Retry"`: no button with that label is shown.
    case expectNoButton(String)
    /// `expect alert "Log out?"`.
    case expectAlert(String)
    /// `expect event swiped action=like`: fired since the last matched event expectation.
    case expectEvent(name: String, properties: [String: String])
    /// `expect no event matched user=carol`: not fired since the last matched event expectation.
    case expectNoEvent(name: String, properties: [String: String])
    /// `expect queued swipes 2`.
    case expectQueuedSwipes(Int)
    /// `expect outbox 1`: messages waiting to be sent.
    case expectOutbox(Int)
    /// `expect unread bob 2`: the unread count of the conversation with bob.
    case expectUnread(String, Int)
    /// `expect no temporary files`: no temporary file of a write in the app's folders, and no file
    /// holding what a crash left.
    case expectNoTemporaryFiles
    /// `expect files set aside 1`: that many unreadable files moved aside in the user's folder.
    case expectFilesSetAside(Int)
}

/// A step with where it came from.
public struct LocatedStep: Hashable, Sendable {
    /// The step.
    public let step: ScenarioStep
    /// The 1-based line number.
    public let line: Int
    /// The line's text, trimmed, as written: it may hold a secret (reports show it through
    /// ``HeadlessFrontEnd/SecretMask``).
    public let source: String

    /// Creates a located step.
    public init(step: ScenarioStep, line: Int, source: String) {
        self.step = step
        self.line = line
        self.source = source
    }
}

/// A parsed scenario: a file's, or one example's of a scenario outline.
public struct Scenario: Hashable, Sendable {
    /// The name from the `scenario:` header; for an example of an outline, the outline's name with
    /// the example's number and values.
    public let name: String
    /// The file it came from, as given.
    public let path: String
    /// The steps in order.
    public let steps: [LocatedStep]
    /// The tags on the lines before the header, without their `@` (``ScenarioTags``).
    public let tags: [String]

    /// Creates a scenario.
    public init(name: String, path: String, steps: [LocatedStep], tags: [String] = []) {
        self.name = name
        self.path = path
        self.steps = steps
        self.tags = tags
    }
}

extension ScenarioStep {
    /// Whether the step checks something (`expect …`) rather than acting.
    public var isExpectation: Bool {
        switch self {
        case .expectScreen, .expectText, .expectNoText, .expectAlert, .expectEvent, .expectQueuedSwipes,
            .expectOutbox, .expectUnread, .expectNoTemporaryFiles, .expectFilesSetAside, .expectExactText,
            .expectRows, .expectRowCount, .expectButton, .expectNoButton, .expectNoEvent:
            return true
        default:
            return false
        }
    }
}
