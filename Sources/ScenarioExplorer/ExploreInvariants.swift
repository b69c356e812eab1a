import EmbeddedBackend
import Flows
import Foundation
import GenericScreens
import Interactors
import Models
import ScenarioLanguage

/// The invariants the explorer checks after every step, and what they remember between steps.
///
/// - No error reaches the root unhandled; every list's changes add up (the front end's check); only
///   declared screen moves, and nothing left behind by an ended session (the run checks).
/// - No counter is negative: unread counts, the outbox, the swipe queue, likes left, countdowns.
/// - Nothing is made twice: no conversation holds a message of the explorer's (each carries a unique
///   tag, ``ExploreValues/tag(_:)``) twice, on the phone or on the server.
/// - Nothing made is lost: no swipe waits in the queue and no message is still sending (a failed
///   one shows failed) for ``settleTime`` while the network is up and the same user signed in, with
///   no server failure injected meanwhile. Not a swipe the queue gave up on after
///   `SendQueuePolicy.maximumAttempts` server failures in a row: like a failed message, it shows
///   failed ("Couldn't send", with "Retry sending") and waits for the user or the next launch.
///   Retries back off to at most 60 s, so 10 minutes is ample.
/// - An open conversation that is loaded shows the newest message the server has for it, and offers
///   older messages only when the server has some it does not show (a match made again after it
///   ended included: its conversation starts empty on the server and on the phone).
/// - No token (the embedded server's start `eat_` and `ert_`, Synapse's `syt_` and `syr_`) and no
///   password typed into a secure field shows anywhere in the transcript.
///
/// The same checks run on every ``ExploreWorld``; what a world's ``ExplorePlan`` says tunes them. On
/// a real homeserver the server is seen through the other person's own client (the newest page of
/// the conversation, read after each step), the open conversation is given the world's expectation
/// timeout to show the server's newest message (it travels by sync), an item is stuck after 90 real
/// seconds, and whether the server has older messages than the phone shows is not checked (only a
/// page is read).
@MainActor
struct ExploreInvariants {
    /// What the world supports, and how the checks are tuned for it.
    private let plan: ExplorePlan
    /// The tokens' beginnings and the passwords typed, as bytes.
    private let secrets: ExploreSecrets

    private var listErrors = 0
    private var checkErrors = 0
    private var entries = 0
    /// Since when the network has been up and the same user signed in, with no failure injected.
    private var calmSince: Date?
    private var calmUser: UserID?
    /// Since when a swipe or a message has been waiting to go out.
    private var pendingSince: Date?
    /// Server failures injected into `sendSwipe` that no request to it has met yet.
    private var swipeFailuresWaiting = 0
    /// Server failures injected into `refresh` that no request to it has met yet: a swipe sent once
    /// the access token has expired refreshes it first, so a failed refresh fails its attempt too.
    private var refreshFailuresWaiting = 0
    /// Server failures a swipe's attempts may meet since the app launched (those waiting then and
    /// those injected since; a refresh's may have met another request, which only makes the check
    /// lenient): from `SendQueuePolicy.maximumAttempts` on, the queue may give up on a swipe, which
    /// then waits, shown as not sent, for "Retry sending" or the next launch.
    private var swipeFailuresSinceLaunch = 0
    private var swipeRequests = 0
    private var refreshRequests = 0

    /// Invariants for a world with `plan`.
    init(plan: ExplorePlan) {
        self.plan = plan
        secrets = ExploreSecrets(tokenStarts: plan.tokenStarts)
    }

    /// Checks the world after `step`; the first invariant broken, if any.
    mutating func check(_ world: some ExploreWorld, after step: ScenarioStep) -> ExploreViolation? {
        if let found = runChecks(world) ?? transcriptProblem(world) { return found }
        noteCalm(world, after: step)
        guard let main = world.app.mainFlow else { return nil }
        return counters(main) ?? duplicates(main, world) ?? stuck(main, world)
            ?? openConversation(main, world)
    }

    /// The list and run checks the scenario runner makes too.
    private mutating func runChecks(_ world: some ExploreWorld) -> ExploreViolation? {
        defer { (listErrors, checkErrors) = (world.listErrors.count, world.checkErrors.count) }
        if world.listErrors.count > listErrors {
            return ExploreViolation(.listOutOfSync, world.listErrors[listErrors...].joined(separator: "; "))
        }
        if world.checkErrors.count > checkErrors {
            return ExploreViolation(.runCheck, world.checkErrors[checkErrors...].joined(separator: "; "))
        }
        return nil
    }

    /// The transcript entries since the last step: an error raised to the root, a secret shown. An
    /// error of the world's own (another person's app failing to act) is not the app's.
    private mutating func transcriptProblem(_ world: some ExploreWorld) -> ExploreViolation? {
        let all = world.transcript.entries
        defer { entries = all.count }
        for (index, entry) in zip(all[entries...].indices, all[entries...]) {
            let text: String
            switch entry.kind {
            case .error(let error):
                if !Self.isRunCheckError(error), !world.isWorldError(at: index) {
                    return ExploreViolation(.unhandledError, error)
                }
                text = error
            case .screen(_, let shown), .screenUpdate(_, let shown): text = shown
            case .alert(let shown), .intent(let shown), .note(let shown): text = shown
            case .analytics(let event): text = "\(event)"
            }
            if let secret = secrets.secret(in: text) {
                return ExploreViolation(.secretInTranscript, "the transcript shows \(secret)")
            }
        }
        return nil
    }

    private static func isRunCheckError(_ text: String) -> Bool {
        text.hasPrefix("lifecycle:") || text.hasPrefix("undeclared screen move:")
            || text.hasPrefix("list out of sync:")
    }

    /// Starts or ends the calm the stuck-item check waits for.
    private mutating func noteCalm(_ world: some ExploreWorld, after step: ScenarioStep) {
        let user = world.app.mainFlow == nil ? nil : world.signedInUser
        let disturbed: Bool
        switch step {
        case .network, .serverFailsNext, .serverFails, .serverRevokesToken, .relaunch, .launch:
            disturbed = true
        default: disturbed = false
        }
        countSwipeFailures(world, after: step)
        if world.isNetworkDown || user == nil {
            calmSince = nil
        } else if calmSince == nil || disturbed || user != calmUser {
            calmSince = world.app.now
        }
        calmUser = user
    }

    /// Follows the failures injected into `sendSwipe` and `refresh`: each request meets the oldest
    /// one waiting for its endpoint.
    private mutating func countSwipeFailures(_ world: some ExploreWorld, after step: ScenarioStep) {
        let swipes = world.swipeRequests
        let refreshes = world.refreshRequests
        swipeFailuresWaiting -= min(swipes - swipeRequests, swipeFailuresWaiting)
        refreshFailuresWaiting -= min(refreshes - refreshRequests, refreshFailuresWaiting)
        swipeRequests = swipes
        refreshRequests = refreshes
        if step == .relaunch || step == .launch {
            swipeFailuresSinceLaunch = swipeFailuresWaiting + refreshFailuresWaiting
        }
        let endpoint: String
        let injected: Int
        switch step {
        case .serverFailsNext(let name): (endpoint, injected) = (name, 1)
        case .serverFails(let name, _, .times(let count)): (endpoint, injected) = (name, count)
        // Every request for a while: as many as the queue allows, at most.
        case .serverFails(let name, _, .lasting):
            (endpoint, injected) = (name, SendQueuePolicy.maximumAttempts)
        default: return
        }
        switch endpoint {
        case "sendSwipe": swipeFailuresWaiting += injected
        case "refresh": refreshFailuresWaiting += injected
        default: return
        }
        swipeFailuresSinceLaunch += injected
    }

    private func counters(_ main: MainFlow) -> ExploreViolation? {
        let chat = main.chat.snapshot
        let deck = main.deck.context.snapshot
        let queue = main.deck.context.snapshot.queue
        var negative: [String] = []
        if chat.outboxCount < 0 { negative.append("the outbox holds \(chat.outboxCount)") }
        if queue.count < 0 { negative.append("the swipe queue holds \(queue.count)") }
        for summary in chat.conversations where summary.unreadCount < 0 {
            negative.append("\(summary.match.user) has \(summary.unreadCount) unread")
        }
        if let allowance = deck.allowance, allowance.likesRemaining < 0 || allowance.superLikesRemaining < 0 {
            negative.append(
                "likes left \(allowance.likesRemaining), super likes \(allowance.superLikesRemaining)")
        }
        if let seconds = deck.likesResetInSeconds, seconds < 0 {
            negative.append("likes come back in \(seconds) s")
        }
        guard !negative.isEmpty else { return nil }
        return ExploreViolation(.negativeCounter, negative.joined(separator: "; "))
    }

    /// The conversations the phone knows, by id, with the other person.
    private func conversations(_ main: MainFlow) -> [(id: String, other: UserID)] {
        let chat = main.chat.snapshot
        return chat.newMatches.map { ($0.id, $0.user) }
            + chat.conversations.map { ($0.match.id, $0.match.user) }
    }

    private func duplicates(_ main: MainFlow, _ world: some ExploreWorld) -> ExploreViolation? {
        guard let me = world.signedInUser else { return nil }
        for (id, other) in conversations(main) {
            if let text = Self.twice(main.chat.messages(of: id).lazy.map(\.text)) {
                return ExploreViolation(
                    .duplicateItem, "the conversation with \(other) shows \(ScenarioStep.quoted(text)) twice")
            }
            let server = world.serverMessages(between: me, and: other) ?? []
            if let text = Self.twice(server.lazy.map(\.text)) {
                return ExploreViolation(
                    .duplicateItem, "the server holds \(ScenarioStep.quoted(text)) twice (with \(other))")
            }
        }
        return nil
    }

    /// A tagged text that comes twice among `texts`.
    private static func twice(_ texts: some Sequence<String>) -> String? {
        var seen: Set<String> = []
        for text in texts where ExploreValues.isTagged(text) && !seen.insert(text).inserted { return text }
        return nil
    }

    private mutating func stuck(_ main: MainFlow, _ world: some ExploreWorld) -> ExploreViolation? {
        let queue = main.deck.context.snapshot.queue
        // A swipe the queue gave up on shows as not sent, with "Retry sending": fine, once it met as
        // many failures as the queue allows.
        if queue.unsent > 0, swipeFailuresSinceLaunch < SendQueuePolicy.maximumAttempts {
            return ExploreViolation(
                .stuckItem,
                "\(queue.unsent) swipes given up after at most \(swipeFailuresSinceLaunch) server failures"
            )
        }
        let waiting = queue.count - queue.unsent
        let sending = conversations(main).lazy.compactMap { conversation in
            main.chat.messages(of: conversation.id).first { $0.status == .sending }.map {
                (conversation.other, $0)
            }
        }.first
        guard waiting > 0 || sending != nil else {
            pendingSince = nil
            return nil
        }
        let now = world.app.now
        guard let calmSince else { return nil }
        let since = max(calmSince, pendingSince ?? now)
        pendingSince = pendingSince ?? now
        guard now.timeIntervalSince(since) >= plan.settleTime else { return nil }
        if waiting > 0 {
            return ExploreViolation(
                .stuckItem, "\(waiting) swipes still queued after \(settling) with the network up")
        }
        guard let (other, message) = sending else { return nil }
        return ExploreViolation(
            .stuckItem,
            "a message to \(other) is still sending after \(settling) with the network up: \(ScenarioStep.quoted(message.text))"
        )
    }

    /// The settle time in words: `10 minutes`, `90 seconds`.
    private var settling: String {
        plan.settleTime.truncatingRemainder(dividingBy: 60) == 0
            ? "\(Int(plan.settleTime / 60)) minutes" : "\(Int(plan.settleTime)) seconds"
    }

    private func openConversation(_ main: MainFlow, _ world: some ExploreWorld) -> ExploreViolation? {
        guard !world.isNetworkDown, let me = world.signedInUser,
            let flow = main.children.last(where: { $0 is ChatFlow }) as? ChatFlow, let context = flow.context
        else { return nil }
        let state = context.snapshot
        guard !state.isLoadingHistory, state.failure == nil, !state.isUnmatched,
            let server = world.serverMessages(between: me, and: state.match.user), let newest = server.last
        else { return nil }
        var shown = Set(state.messages.lazy.map(\.id))
        if !shown.contains(newest.id) {
            // On a real server the newest message may still be on its way (by sync): give it the
            // world's expectation time. The embedded world returns at once.
            world.eventually { context.snapshot.messages.contains { $0.id == newest.id } }
            shown = Set(context.snapshot.messages.lazy.map(\.id))
            if !shown.contains(newest.id) {
                return ExploreViolation(
                    .missingMessage,
                    "the open conversation with \(world.scenarioName(of: state.match.user.rawValue)) lacks "
                        + "the server's newest message " + ScenarioStep.quoted(newest.text))
            }
        }
        if plan.seesWholeConversations, state.hasOlderMessages, server.allSatisfy({ shown.contains($0.id) }) {
            return ExploreViolation(
                .missingMessage,
                "the open conversation with \(state.match.user) shows all \(server.count) messages the server "
                    + "has, yet offers older ones")
        }
        return nil
    }
}
