import EmbeddedBackend
import Flows
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
        app.send(.home(.deck(.likeTapped)))
        guard app.presenter.top == .match else { return "the first like showed no match" }
        app.send(.match(.keepSwipingTapped))
        for _ in 0..<19 { app.send(.home(.deck(.passTapped))) }
        app.open("discover://chat/" + Match.id(between: "alice", and: "dave"))
        guard app.presenter.top == .chat else { return "the deep link showed no conversation" }
        for index in 0..<10 {
            app.send(.conversation(.draftChanged("Message \(index)")))
            app.send(.conversation(.sendTapped))
        }
        app.settle()
        guard app.outboxCount == 0 else { return "the messages were not all sent" }
        app.send(.conversation(.backTapped))
        app.send(.home(.logOutTapped))
        app.send(.logOut(.confirmTapped))
        guard app.presenter.top == .welcome else { return "logging out did not show the welcome screen" }
        return nil
    }

    /// Section 3: the journey with stores in memory and with the default file stores: the time on
    /// the wall, the main actor's (the main thread's CPU time), and how long the items took to be
    /// durable. Reported, not bounded: how the two compare depends on what the other core's disk work
    /// does to this one (Docs/Performance.md).
    static func run(_ report: Report, smoke: Bool) -> Bool {
        report.section("3. end-to-end journey (launch → login → 20 swipes → match → 10 messages → logout)")
        report.note("per journey; embedded backend, virtual time, the server's default password hashing")
        report.note(
            "main actor: the main thread's CPU time (file stores write on a queue of their own and complete "
                + "as in an app, when written; the wait for the disk before checking every message went is "
                + "idle time); durability is timed in journeys of its own, run in turn with these")
        let operations = smoke ? 2 : 10
        let repetitions = smoke ? 2 : 11
        let log = DurabilityLog()
        var failure: String?
        func side(_ stores: BenchApp.Stores) -> @MainActor (Int) -> (wall: Double, main: Double) {
            { count in
                let journeys = (0..<count).map { _ in Journey(stores: stores) }
                var outcomes: [String?] = []
                let times = Measure.times { outcomes = journeys.map { $0.run() } }
                for journey in journeys { journey.app.cleanUp() }
                failure = failure ?? outcomes.compactMap { $0 }.first
                return (
                    Measure.nanoseconds(times.wall) / Double(count),
                    Measure.nanoseconds(times.thread) / Double(count)
                )
            }
        }
        let sides = [side(.memory), side(.files(durability: nil))]
        let timedForDurability = side(.files(durability: log))
        for side in sides { _ = side(1) }
        var walls: [[Double]] = [[], []]
        var mains: [[Double]] = [[], []]
        for _ in 0..<repetitions {
            for (index, side) in sides.enumerated() {
                let sample = side(operations)
                walls[index].append(sample.wall)
                mains[index].append(sample.main)
            }
            _ = timedForDurability(operations)
        }
        if let failure {
            print("the journey failed: \(failure)")
            return false
        }
        let wall = walls.map(Measure.median)
        let main = mains.map(Measure.median)
        let durable = log.samples.sorted()
        report.record("journey", "stores in memory", nanoseconds: wall[0])
        report.record("journey", "default file stores", nanoseconds: wall[1])
        report.record("journey", "main actor, stores in memory", nanoseconds: main[0])
        report.record("journey", "main actor, default file stores", nanoseconds: main[1], baseline: main[0])
        report.record("journey", "durable after, median", nanoseconds: Measure.median(durable))
        report.record("journey", "durable after, max", nanoseconds: durable.last ?? 0)
        report.table(
            ["stores", "wall", "main actor", "main actor against memory"],
            [
                ["in memory", Report.time(wall[0]), Report.time(main[0]), ""],
                [
                    "default files (temporary folder)", Report.time(wall[1]), Report.time(main[1]),
                    Report.number(main[1] / main[0]) + "×",
                ],
            ])
        report.note(
            "file stores: a swipe or message durable (from its making to the completion of the first save "
                + "holding it) after \(Report.time(Measure.median(durable))) median, "
                + "\(Report.time(durable.last ?? 0)) max (\(durable.count) items)")
        return true
    }
}
