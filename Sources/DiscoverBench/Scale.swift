import EmbeddedBackend
import Flows
import Models

/// Section 4: chat with many messages and a deck over a million candidates, per operation at each
/// size, so that how the cost grows with the size shows; the growth from 10k to 1M is checked
/// (``Report/growthLimit``).
///
/// Everything runs through the app on the embedded backend with stores in memory, as section 3.
@MainActor
enum Scale {
    static func run(_ report: Report, smoke: Bool) -> Bool {
        chat(report, smoke: smoke) && deck(report, smoke: smoke) && queue(report, smoke: smoke)
    }

    // MARK: Chat

    /// Conversations × messages each.
    static func chatSizes(smoke: Bool) -> [(conversations: Int, messages: Int)] {
        smoke ? [(100, 10)] : [(100, 100), (1_000, 100), (10_000, 100), (1_000_000, 1)]
    }

    static func chat(_ report: Report, smoke: Bool) -> Bool {
        report.section("4a. chat at scale (conversations × messages, seeded on the server)")
        report.note(
            "sign in: the whole list loads; arrives: a message from a match while home shows the deck (the list "
                + "kept in order);\nopen: a deep link to a conversation and its newest 50 messages; back: to home's "
                + "matches list; send: type and send a message")
        let (operations, repetitions) = smoke ? (10, 2) : (200, 9)
        var rows: [[String]] = []
        var perSize: [(size: String, figures: [(String, Double)])] = []
        for (conversations, each) in chatSizes(smoke: smoke) {
            let size = "\(count(conversations * each)) (\(count(conversations)) × \(count(each)))"
            let app = BenchApp(
                stores: .memory, configuration: EmbeddedServerConfiguration(candidatePoolSize: conversations))
            defer { app.cleanUp() }
            app.backend.server.seedConversations(for: "alice", count: conversations, messagesEach: each)
            var signedIn = false
            let signIn = Measure.nanoseconds(Measure.time { signedIn = app.launchSignedIn() })
            guard signedIn else {
                print("alice could not sign in with \(size) messages")
                return false
            }
            var failure: String?
            let arrives = Measure.median(
                { count in
                    Measure.time {
                        for index in 0..<count {
                            let sender = CandidateGenerator.id(of: index % conversations)
                            if (try? app.backend.server.sendMessage(from: sender, to: "alice", "Hello"))
                                == nil
                            {
                                failure = "the server refused a message from \(sender)"
                            }
                            app.backend.scheduler.runDue()
                        }
                    }
                }, operations: operations, repetitions: repetitions)
            // Back is timed apart from the opening, in the same runs: it shows home's matches list.
            var backSamples: [Double] = []
            let open = Measure.median(
                { count in
                    var opening = Duration.zero
                    var closing = Duration.zero
                    for index in 0..<count {
                        opening += Measure.time {
                            app.open("discover://chat/" + conversation(index * 7 % conversations))
                        }
                        if app.presenter.top != .chat { failure = "a conversation did not open" }
                        closing += Measure.time { app.send(.conversation(.backTapped)) }
                    }
                    backSamples.append(Measure.nanoseconds(closing) / Double(count))
                    return opening
                }, operations: smoke ? 2 : 3, repetitions: repetitions)
            let back = Measure.median(Array(backSamples.dropFirst()))
            app.open("discover://chat/" + conversation(conversations - 1))
            let send = Measure.median(
                { count in
                    Measure.time {
                        for index in 0..<count {
                            app.send(.conversation(.draftChanged("Message \(index)")))
                            app.send(.conversation(.sendTapped))
                        }
                    }
                }, operations: operations, repetitions: repetitions)
            if app.outboxCount != 0 { failure = failure ?? "the messages sent were not all confirmed" }
            if let failure {
                print("chat with \(size) messages: \(failure)")
                return false
            }
            let figures = [
                ("sign in", signIn), ("arrives", arrives), ("open", open), ("back", back), ("send", send),
            ]
            for (name, nanoseconds) in figures {
                report.record("chat", "\(size): \(name)", nanoseconds: nanoseconds)
            }
            rows.append([size] + figures.map { Report.time($0.1) })
            perSize.append((size, Array(figures.dropFirst())))
        }
        report.table(["messages", "sign in (1 run)", "arrives", "open", "back", "send"], rows)
        growth(report, "chat", perSize)
        return true
    }

    /// Checks each operation's growth from the first size to every later one (sign-in, which loads
    /// the whole list once, is not an operation that should stay flat).
    static func growth(
        _ report: Report, _ section: String, _ perSize: [(size: String, figures: [(String, Double)])]
    ) {
        guard let smallest = perSize.first, perSize.count > 1 else { return }
        var rows: [[String]] = []
        for larger in perSize.dropFirst() {
            for ((name, small), (_, large)) in zip(smallest.figures, larger.figures) {
                rows.append(
                    report.growth(
                        section, "\(name), \(smallest.size) → \(larger.size)", small: small, large: large))
            }
        }
        report.note("growth from the smallest size (at most \(Report.number(Report.growthLimit))×)")
        report.table(["operation", "smallest", "larger", "growth", ""], rows)
    }

    /// The conversation between alice and the `index`th generated person.
    static func conversation(_ index: Int) -> String {
        Match.id(between: "alice", and: CandidateGenerator.id(of: index))
    }

    // MARK: Deck

    static func deck(_ report: Report, smoke: Bool) -> Bool {
        report.section("4b. the deck over a large pool of candidates")
        report.note(
            "first card: from tapping \"Log in\" to home with a card; swipe: a pass, with the pages it fetches"
        )
        let pools = smoke ? [1_000] : [10_000, 100_000, 1_000_000]
        var rows: [[String]] = []
        var perSize: [(size: String, figures: [(String, Double)])] = []
        for pool in pools {
            let configuration = EmbeddedServerConfiguration(
                candidatePoolSize: pool, dailyLikeLimit: 1_000_000_000)
            var failure: String?
            let firstCard = Measure.median(
                { _ in
                    let app = BenchApp(stores: .memory, configuration: configuration)
                    defer { app.cleanUp() }
                    app.launch()
                    app.send(.welcome(.logInTapped))
                    app.send(.loginForm(.fieldChanged(.username, "alice")))
                    app.send(.loginForm(.fieldChanged(.password, "wonderland")))
                    let elapsed = Measure.time { app.send(.loginForm(.submitTapped)) }
                    if app.presenter.top != .home { failure = "logging in did not show home" }
                    return elapsed
                }, operations: 1, repetitions: smoke ? 2 : 7)
            let app = BenchApp(stores: .memory, configuration: configuration)
            defer { app.cleanUp() }
            guard app.launchSignedIn() else {
                print("alice could not sign in with a pool of \(count(pool))")
                return false
            }
            let swipe = Measure.median(
                { count in Measure.time { for _ in 0..<count { app.send(.home(.deck(.passTapped))) } } },
                operations: smoke ? 20 : 500, repetitions: smoke ? 2 : 9)
            if app.presenter.top != .home { failure = "a pass left home" }
            if let failure {
                print("the deck over \(count(pool)) candidates: \(failure)")
                return false
            }
            report.record("deck", "\(count(pool)) candidates: first card", nanoseconds: firstCard)
            report.record("deck", "\(count(pool)) candidates: swipe", nanoseconds: swipe)
            rows.append([count(pool), Report.time(firstCard), Report.time(swipe)])
            perSize.append((count(pool), [("first card", firstCard), ("swipe", swipe)]))
        }
        report.table(["candidates", "first card", "swipe"], rows)
        growth(report, "deck", perSize)
        return true
    }

    // MARK: The send queue

    /// Messages sent offline until the outbox holds `size` (3,000: a long offline run), then sent
    /// when the network returns.
    static func queue(_ report: Report, smoke: Bool) -> Bool {
        let size = smoke ? 300 : 3_000
        let batch = smoke ? 20 : 100
        report.section("4c. the send queue holding \(count(size)) messages sent offline")
        report.note(
            "send: a message offline, with none queued and with \(count(size)) queued (the last \(batch)); "
                + "delivered: per message, from the network's return until the outbox is empty")
        let app = BenchApp(stores: .memory, configuration: EmbeddedServerConfiguration(candidatePoolSize: 10))
        defer { app.cleanUp() }
        app.backend.server.seedConversations(for: "alice", count: 1, messagesEach: 1)
        guard app.launchSignedIn() else {
            print("alice could not sign in for the send queue")
            return false
        }
        app.open("discover://chat/" + conversation(0))
        app.backend.server.isNetworkDown = true
        var sentCount = 0
        func sends(_ count: Int) -> Double {
            let elapsed = Measure.time {
                for _ in 0..<count {
                    sentCount += 1
                    app.send(.conversation(.draftChanged("Message \(sentCount)")))
                    app.send(.conversation(.sendTapped))
                }
            }
            return Measure.nanoseconds(elapsed) / Double(count)
        }
        let first = sends(batch)
        _ = sends(size - 2 * batch)
        let last = sends(batch)
        guard app.outboxCount == size else {
            print("the outbox holds \(app.outboxCount ?? 0) messages, not \(size)")
            return false
        }
        app.backend.server.isNetworkDown = false
        let delivering = Measure.time {
            var roundsLeft = 10 * size
            while roundsLeft > 0, app.outboxCount != 0 {
                app.backend.scheduler.runDue()
                roundsLeft -= 1
            }
        }
        guard app.outboxCount == 0 else {
            print("\(app.outboxCount ?? 0) messages were not delivered when the network returned")
            return false
        }
        let delivered = Measure.nanoseconds(delivering) / Double(size)
        report.record("queue", "send offline, first \(batch)", nanoseconds: first)
        report.record("queue", "send offline, \(count(size)) queued", nanoseconds: last)
        report.record("queue", "delivered when back online, per message", nanoseconds: delivered)
        report.table(
            ["send, first \(batch)", "send, \(count(size)) queued", "delivered, per message"],
            [[Report.time(first), Report.time(last), Report.time(delivered)]])
        return true
    }

    /// A count the short way: "100", "10k", "1M".
    static func count(_ value: Int) -> String {
        if value >= 1_000_000, value.isMultiple(of: 1_000_000) { return "\(value / 1_000_000)M" }
        if value >= 1_000, value.isMultiple(of: 1_000) { return "\(value / 1_000)k" }
        return "\(value)"
    }
}
