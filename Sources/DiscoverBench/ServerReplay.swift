import EmbeddedBackend
import Models
import Services

/// A journey's requests without the client: sent in order to a server prepared like the journey's.
///
/// The requests come from a ``RequestRecorder``; the server is a fresh ``Journey``'s (the same demo
/// people and likes, the same seeded generator, so the same tokens). Answers are delivered after each
/// request. What this costs is the embedded server's share of the journey: the same for any client.
@MainActor
struct ServerReplay {
    /// The prepared server (the journey's set-up; its flows are never started).
    let journey: Journey
    /// The requests, in the order the journey sent them.
    let requests: [RequestRecorder.Request]

    /// Sends every request and delivers its answers; `keepingAnswers` keeps them as text to compare.
    /// Never inlined, so callgrind can count it alone (`--toggle-collect='*12ServerReplay*3run*'`).
    @inline(never)
    func run(keepingAnswers: Bool = false) -> ReplayRun {
        let replay = ReplayRun(requests: requests.count, keepsAnswers: keepingAnswers)
        for (index, request) in requests.enumerated() {
            request(journey.services, replay, index)
            journey.backend.scheduler.runDue()
        }
        return replay
    }

    /// How many requests of each endpoint `server` answered, in ``EmbeddedEndpoint/allCases`` order.
    static func requestCounts(_ server: EmbeddedServer) -> [Int] {
        EmbeddedEndpoint.allCases.map { server.requestCount($0) }
    }
}

/// What one ``ServerReplay`` heard: the answers (as text, when kept) and the live feed's events.
@MainActor
final class ReplayRun {
    /// The answer to each request, as text when kept; `nil` where none came or none was kept.
    private(set) var answers: [String?]
    /// How many live-feed events arrived.
    var events = 0
    /// The live feeds started, by the position of the request that started them.
    var subscriptions: [Int: ScheduledTask] = [:]
    private let keepsAnswers: Bool

    init(requests: Int, keepsAnswers: Bool) {
        answers = Array(repeating: nil, count: requests)
        self.keepsAnswers = keepsAnswers
    }

    /// The completion for request `index`.
    func answer<Value>(_ index: Int) -> ServiceCompletion<Value> {
        { [self] result in
            if keepsAnswers { answers[index] = String(describing: result) }
        }
    }
}
