import EmbeddedBackend
import Models

/// Section 3's journey: launch → log in → a like that makes a match → "Keep swiping" → 19 passes →
/// a deep link to the match's conversation → 10 messages → back → log out.
///
/// The server is prepared first (not timed): the demo people, alice and dave liking each other,
/// carol liking alice, the server's default password hashing.
@MainActor
struct Journey {
    let app: BenchApp

    init(stores: BenchApp.Stores) {
        app = BenchApp(stores: stores)
        let server = app.backend.server
        server.like(from: "alice", to: "dave")
        server.like(from: "dave", to: "alice")
        server.like(from: "carol", to: "alice")
    }

    /// Runs the journey; `nil` if it went as it should (signed out on the welcome screen, every
    /// message sent), else what went wrong.
    func run() -> String? {
        app.launch()
        app.logIn()
        app.send(.tap("deck:like"))
        guard app.presenter.top == .match else { return "the first like showed no match" }
        app.send(.tap("match:keepSwiping"))
        for _ in 0..<19 { app.send(.tap("deck:pass")) }
        app.open("discover://chat/" + Match.id(between: "alice", and: "dave"))
        guard app.presenter.top == .chat else { return "the deep link showed no conversation" }
        for index in 0..<10 {
            app.send(.edit("message", "Message \(index)"))
            app.send(.tap("chat:send"))
        }
        guard app.outboxCount == 0 else { return "the messages were not all sent" }
        app.send(.tap("back"))
        app.send(.tap("logOut"))
        app.send(.tap("confirmLogOut"))
        guard app.presenter.top == .welcome else { return "logging out did not show the welcome screen" }
        return nil
    }

    /// Section 3: the journey with stores in memory (bounded) and with the default file stores.
    static func run(_ report: Report, smoke: Bool) -> Bool {
        report.section("3. end-to-end journey (launch → login → 20 swipes → match → 10 messages → logout)")
        report.note("per journey; embedded backend, virtual time, the server's default password hashing")
        let operations = smoke ? 2 : 10
        let repetitions = smoke ? 2 : 11
        var failure: String?
        func side(_ stores: BenchApp.Stores) -> Measure.Side {
            { count in
                let journeys = (0..<count).map { _ in Journey(stores: stores) }
                var outcomes: [String?] = []
                let elapsed = Measure.time { outcomes = journeys.map { $0.run() } }
                for journey in journeys { journey.app.cleanUp() }
                failure = failure ?? outcomes.compactMap { $0 }.first
                return elapsed
            }
        }
        let medians = Measure.interleaved(
            [side(.memory), side(.files)], operations: operations, repetitions: repetitions)
        if let failure {
            print("the journey failed: \(failure)")
            return false
        }
        let bound = Report.Bound.time(nanoseconds: 1_000_000)
        let verdict = report.record("journey", "stores in memory", nanoseconds: medians[0], bound: bound)
        report.record("journey", "default file stores", nanoseconds: medians[1])
        report.table(
            ["stores", "median", "bound", ""],
            [
                ["in memory", Report.time(medians[0]), bound.text, verdict],
                ["default files (temporary folder)", Report.time(medians[1]), "—", ""],
            ])
        return true
    }
}
