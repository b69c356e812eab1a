import EmbeddedBackend
import Foundation
import Interactors
import Models
import Services
import TestSupport
import Testing

/// The script: several people, the whole pool, swipes, limits, matches, chat with receipts and typing,
/// misbehaving deliveries, sessions and their failures.
@MainActor
final class TranscriptScript {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    var server: EmbeddedServer { backend.server }
    let auth: any AuthService
    let profiles: any ProfileService
    let discovery: any DiscoveryService
    let chat: any ChatService
    var lines: [String] = []
    var subscriptions: [ScheduledTask] = []

    init() {
        backend = EmbeddedBackend(
            storageDirectory: directory.url,
            configuration: EmbeddedServerConfiguration(
                passwordRounds: 3, candidatePoolSize: 120, dailyLikeLimit: 6, dailySuperLikeLimit: 1))
        backend.addDemoAccounts()
        auth = EmbeddedAuthService(server: backend.server)
        profiles = EmbeddedProfileService(server: backend.server)
        discovery = EmbeddedDiscoveryService(server: backend.server)
        chat = EmbeddedChatService(server: backend.server)
    }

    func log(_ line: String) { lines.append(line) }

    func wait<Value: Sendable>(
        _ label: String, after delay: Duration = .zero, _ describe: (Value) -> String,
        _ request: (@escaping ServiceCompletion<Value>) -> Void
    ) -> Value? {
        let collector = Collector<Value>()
        request(collector.completion)
        backend.scheduler.advance(by: delay)
        let results = collector.results
        for result in results {
            switch result {
            case .success(let value): log("\(label) -> \(describe(value))")
            case .failure(let error): log("\(label) -> error \(error)")
            }
        }
        if case .success(let value)? = results.last { return value }
        return nil
    }

    // MARK: Formatting

    func time(_ date: Date?) -> String {
        guard let date else { return "nil" }
        return String(
            format: "%.3f", date.timeIntervalSince1970 - EmbeddedBackend.demoStart.timeIntervalSince1970)
    }

    func user(_ user: User) -> String {
        "\(user.id)/\(user.username)/\(user.displayName)/\(time(user.birthDate))/\(user.hasProfile)"
    }

    func session(_ session: AuthSession) -> String {
        "\(user(session.user)) new=\(session.isNewAccount) \(tokens(session.tokens))"
    }

    func tokens(_ tokens: AuthTokens) -> String {
        "\(tokens.accessToken) until \(time(tokens.accessTokenExpiresAt)) refresh \(tokens.refreshToken ?? "nil")"
    }

    func candidate(_ candidate: Candidate) -> String {
        "\(candidate.id)|\(candidate.displayName)|\(candidate.age)|\(candidate.bio)|"
            + "\(candidate.interests.map(\.name).joined(separator: ","))|\(candidate.distanceKm)km|"
            + "\(time(candidate.lastActiveAt))|\(candidate.likedYou)|\(candidate.superLikedYou)"
    }

    func preferences(_ preferences: SearchPreferences) -> String {
        "\(preferences.minimumAge)-\(preferences.maximumAge)/\(preferences.maximumDistanceKm)km"
    }

    func page(_ page: DiscoveryPage) -> String {
        let allowance = page.allowance
        var text = "page \(page.cursor ?? "nil") -> \(page.nextCursor ?? "nil") "
        text += "prefs \(preferences(page.preferences)) interests \(page.viewerInterests.map(\.name)) "
        text += "allowance \(allowance.dailyLikes)/\(allowance.likesRemaining) "
        text += "\(allowance.dailySuperLikes)/\(allowance.superLikesRemaining) \(time(allowance.resetsAt))"
        for candidate in page.candidates { text += "\n    " + self.candidate(candidate) }
        return text
    }

    func match(_ match: Match) -> String {
        "\(match.id) with \(match.user) '\(match.displayName)' at \(time(match.matchedAt))"
    }

    func outcome(_ outcome: SwipeOutcome) -> String {
        switch outcome {
        case .recorded: "recorded"
        case .matched(let match): "matched " + self.match(match)
        case .limitReached(let resetsAt): "limit until \(time(resetsAt))"
        }
    }

    func message(_ message: Message) -> String {
        "\(message.id) in \(message.conversation) from \(message.sender) '\(message.text)' at "
            + "\(time(message.sentAt)) txn \(message.transactionID ?? "nil") \(message.status)"
    }

    func summary(_ summary: ConversationSummary) -> String {
        "\(match(summary.match)) last [\(summary.lastMessage.map(message) ?? "nil")] "
            + "unread \(summary.unreadCount)"
    }

    func summaries(_ summaries: [ConversationSummary]) -> String {
        summaries.sorted { $0.id < $1.id }.map { "\n    " + summary($0) }.joined()
    }

    func history(_ page: MessagePage) -> String {
        "older \(page.olderCursor ?? "nil")" + page.messages.map { "\n    " + message($0) }.joined()
    }

    func publicProfile(_ profile: PublicProfile) -> String {
        "\(profile.id) \(profile.displayName) \(profile.age) \(profile.profile.bio) "
            + preferences(profile.profile.lookingFor)
    }

    func ok(_: Void) -> String { "ok" }

    func event(_ event: ChatEvent) -> String {
        switch event {
        case .messageReceived(let message): "message " + self.message(message)
        case .messageRemoved(let conversation, let id): "removed \(conversation) \(id)"
        case .delivered(let conversation, let upTo): "delivered \(conversation) \(time(upTo))"
        case .read(let conversation, let upTo): "read \(conversation) \(time(upTo))"
        case .typing(let conversation, let isTyping): "typing \(conversation) \(isTyping)"
        case .matched(let match): "matched " + self.match(match)
        case .unmatched(let conversation): "unmatched \(conversation)"
        }
    }

    // MARK: Requests

    func signIn(_ identifier: String, _ password: String) -> AuthSession? {
        wait("signIn \(identifier)", session) {
            auth.signIn(Credentials(identifier: identifier, password: password), completion: $0)
        }
    }

    func fetch(_ token: String, _ cursor: String?, limit: Int = 20) -> DiscoveryPage? {
        wait("candidates \(cursor ?? "nil") \(limit)", page) {
            discovery.fetchCandidates(cursor: cursor, limit: limit, accessToken: token, completion: $0)
        }
    }

    func swipe(
        _ token: String, _ id: String, _ candidate: UserID, _ action: SwipeAction,
        after delay: Duration = .zero
    ) {
        _ = wait("swipe \(id) \(candidate) \(action)", after: delay, outcome) {
            discovery.sendSwipe(
                Swipe(id: id, candidate: candidate, action: action, swipedAt: backend.scheduler.now),
                accessToken: token, completion: $0)
        }
    }

    func conversations(_ token: String) {
        _ = wait("conversations", summaries) { chat.fetchConversations(accessToken: token, completion: $0) }
    }

    func history(_ token: String, _ conversation: String, before: String?, limit: Int) -> MessagePage? {
        wait("messages \(conversation) \(before ?? "nil") \(limit)", history) {
            chat.fetchMessages(
                conversation: conversation, before: before, limit: limit, accessToken: token, completion: $0)
        }
    }

    func send(_ token: String, _ id: String, _ conversation: String, _ text: String) {
        _ = wait("send \(id) \(conversation)", message) {
            chat.sendMessage(
                OutgoingMessage(
                    id: id, conversation: conversation, text: text, createdAt: backend.scheduler.now),
                accessToken: token, completion: $0)
        }
    }

    func done(_ label: String, _ request: (@escaping ServiceCompletion<Void>) -> Void) {
        _ = wait(label, ok, request)
    }

    func subscribe(_ name: String, _ token: String) {
        let task = chat.subscribe(accessToken: token) { [weak self] event in
            guard let self else { return }
            self.log("  event to \(name): \(self.event(event))")
        }
        subscriptions.append(task)
    }

    func counters() {
        let counts = EmbeddedEndpoint.allCases.map { "\($0.rawValue)=\(server.requestCount($0))" }
        log("counts " + counts.joined(separator: " "))
        log("scanned \(server.positionsScanned)")
    }
}
