import EmbeddedBackend
import Models
import Services

/// Section 2: a swipe through the app (the home screen's flow, `DeckFlow`, `DeckContext`, its store
/// and observers) against ``HandWrittenDeck`` doing the same work.
///
/// Each side is signed in as alice on an embedded backend of its own, the same server on both
/// (virtual time, a large pool, likes without a daily limit, the swipe queue in memory); a swipe is
/// a tap on home's Like or Pass, in turn, then the server's answers delivered (`runDue()`). At the
/// end both sides must show the same home screen, or the comparison means nothing.
@MainActor
enum DeckSwipe {
    static let title = "2. a swipe through DeckFlow + DeckContext (embedded backend, stores in memory)"

    /// The server both sides swipe on.
    static let configuration = EmbeddedServerConfiguration(
        candidatePoolSize: 100_000, dailyLikeLimit: 1_000_000_000)

    static func run(_ report: Report, smoke: Bool) -> Bool {
        report.section(title)
        report.note(
            "per swipe (like and pass in turn) with the server's answers; the baseline is written by hand")
        let engine = BenchApp(stores: .memory, configuration: configuration)
        let handWritten = BenchApp(stores: .memory, configuration: configuration)
        defer {
            engine.cleanUp()
            handWritten.cleanUp()
        }
        guard engine.launchSignedIn() else {
            print("the engine's app did not show home after logging in")
            return false
        }
        guard let deck = signIn(handWritten) else {
            print("the hand-written deck could not sign in")
            return false
        }
        let medians = withExtendedLifetime(deck) {
            Measure.interleaved(
                [swipes(on: handWritten), swipes(on: engine)], operations: smoke ? 20 : 1_000,
                repetitions: smoke ? 3 : 15)
        }
        if let failure = differences(engine.presenter.lastScreen, handWritten.presenter.lastScreen) {
            print("the hand-written deck does not show what the engine shows: \(failure)")
            return false
        }
        report.table(
            ["", "by hand", "engine", "ratio"],
            [report.comparison("deck", "swipe", baseline: medians[0], engine: medians[1])])
        return true
    }

    /// Signs alice in on `app`'s services and puts a hand-written deck on its presenter.
    static func signIn(_ app: BenchApp) -> HandWrittenDeck? {
        var session: AuthSession?
        app.services.auth.signIn(Credentials(identifier: "alice", password: "wonderland")) { result in
            session = try? result.get()
        }
        app.backend.scheduler.runDue()
        guard let session else { return nil }
        let deck = HandWrittenDeck(session: session, services: app.services, presenter: app.presenter)
        app.backend.scheduler.runDue()
        return deck
    }

    /// `count` swipes on `app`'s home screen, like and pass in turn.
    static func swipes(on app: BenchApp) -> Measure.Side {
        var swiped = 0
        return { count in
            Measure.time {
                for _ in 0..<count {
                    app.send(.home(.deck(swiped.isMultiple(of: 2) ? .likeTapped : .passTapped)))
                    swiped += 1
                }
            }
        }
    }

    /// How two home screens differ, or `nil` if they are the same.
    static func differences(_ engine: AppScreen?, _ handWritten: AppScreen?) -> String? {
        guard let engine, let handWritten else { return "a side showed no screen" }
        return engine == handWritten ? nil : "the engine shows \(engine), by hand \(handWritten)"
    }
}
