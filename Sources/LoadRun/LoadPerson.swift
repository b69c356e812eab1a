import Contexts
import Flows
import Foundation
import MatrixBackend
import Models
import Services

/// One person of a load run: a whole engine (flows, contexts, the Matrix backend, file stores in a
/// folder of its own) driven through its typed screens (``Flows/ScreenStack``), in real time on the
/// main queue, as an app's run loop runs it.
///
/// It records what ``LoadCheck`` reads: the messages sent and when, and every message from someone
/// else the app shows, when it first shows it (the chat's state, observed).
@MainActor
final class LoadPerson {
    /// The person's index.
    let index: Int
    /// The day's script.
    let script: LoadScript
    /// What was recorded so far.
    var facts: LoadPersonFacts
    /// The connection every launch of the app shares (one device).
    let connection: MatrixConnection
    /// What is shown.
    private(set) var stack = ScreenStack()
    /// The running app; `nil` between a terminate and the next launch.
    private(set) var app: AppFlow?
    /// The conversation this person opened last, while its screen is on top.
    var openConversation: String?
    /// Whether the super like was used.
    var superLiked = false
    /// The index of the script's next action.
    var nextAction = 0
    /// Since when the next action waits for what it needs; `nil` before its first try.
    var waitingSince: Date?
    /// The network steps done at their time, ahead of a step that still waits (the network comes
    /// and goes whatever the person is trying to do).
    var doneAhead: Set<Int> = []
    /// Whether the final checks are reading: what is shown from now on was not seen live.
    var isChecking = false
    /// Whether the day's script is over (every action done, skipped or out of time).
    var isDone = false
    private let folder: URL
    private let writer = DiskWriter()
    private let ids = MatrixBackend.freshIDs()
    private let analytics = LoadAnalytics()
    private var watchedChat: ObjectIdentifier?
    private var watch: ObservationToken?
    private var shownTexts: Set<String> = []
    private var seenRevisions: [String: Int] = [:]

    /// A person on `homeserver` in `namespace`, keeping their files under `folder`.
    init(index: Int, script: LoadScript, homeserver: URL, namespace: String, folder: URL) {
        self.index = index
        self.script = script
        self.folder = folder
        facts = LoadPersonFacts(person: index)
        var configuration = MatrixConfiguration(homeserver: homeserver, namespace: namespace)
        configuration.signUpLocation = LoadPlan.place(of: index)
        connection = MatrixConnection(configuration: configuration, scheduler: DispatchScheduler())
    }

    // MARK: The app

    /// Starts the app, as a process start does.
    func launch() {
        let services = MatrixBackend.makeServices(
            connection: connection, storageDirectory: folder, writer: writer, ids: ids)
        let stack = ScreenStack()
        stack.onChange = { [weak self] _ in self?.watchChat() }
        self.stack = stack
        let app = AppFlow(services: services, presenter: stack, analytics: analytics)
        app.onUnhandledError = { [weak self] error in
            self?.facts.errorsShown["\(error)", default: 0] += 1
        }
        self.app = app
        app.launch()
    }

    /// Ends the app, as a process end does; files and server stay.
    func terminate() {
        app = nil
        watch = nil
        watchedChat = nil
        seenRevisions = [:]
        openConversation = nil
    }

    /// The signed-in part of the app, if signed in.
    var mainFlow: MainFlow? { app?.sessionFlow?.mainFlow }

    /// The chat's state, if signed in.
    var chat: ChatState? { mainFlow?.chat.store.snapshot }

    /// The signed-in user's id, if signed in.
    var userID: UserID? { app?.sessionFlow?.context.store.snapshot.user?.id }

    /// The access token of the stored session, if signed in.
    var accessToken: String? { app?.sessionFlow?.context.store.snapshot.stored?.tokens.accessToken }

    /// The user id of person `other` on this server (the same server part as this person's).
    func userID(of other: Int) -> UserID? {
        guard let me = userID else { return nil }
        let server = MatrixConnection.serverName(of: me.rawValue)
        return UserID("@\(connection.configuration.localpart(for: LoadPlan.username(of: other))):\(server)")
    }

    /// The conversation's id with person `other`.
    func conversation(with other: Int) -> String? {
        guard let me = userID, let them = userID(of: other) else { return nil }
        return Match.id(between: me, and: them)
    }

    /// The person a user id names, if it is one of the run's.
    func person(of user: UserID) -> Int? {
        LoadPlan.person(ofUsername: connection.configuration.username(for: user.rawValue))
    }

    /// Whether the match with person `other` is one the app shows as going on.
    func isMatched(with other: Int) -> Bool {
        guard let id = conversation(with: other), let record = chat?.records[id] else { return false }
        return record.summary != nil && !record.hasEnded
    }

    // MARK: What is shown

    /// The screen on top when no modal or alert covers it.
    var topScreen: AppScreen? {
        let shown = stack.shown
        return shown.alert == nil && shown.modals.isEmpty ? shown.stack.last : nil
    }

    /// What is shown, in a few words (for reports): the alert, modal or screen on top.
    var shownSummary: String {
        let shown = stack.shown
        if let alert = shown.alert { return "\(alert)" }
        if let modal = shown.modals.last { return "\(modal.id)" }
        return shown.stack.last.map { "\($0)".prefix(300).description } ?? "nothing"
    }

    /// Sends an action; `false` if what is shown does not offer it.
    @discardableResult
    func send(_ action: AppAction) -> Bool {
        do {
            try stack.send(action)
            return true
        } catch {
            return false
        }
    }

    /// Closes what covers the screens (the match modal, an out-of-likes notice, an alert); `true` if
    /// it closed something.
    @discardableResult
    func closeInterruptions() -> Bool {
        let shown = stack.shown
        if let alert = shown.alert {
            switch alert {
            case .outOfSuperLikes: return send(.outOfSuperLikes(.okTapped))
            case .unknownLink: return send(.unknownLink(.okTapped))
            case .endMatch: return send(.endMatch(.cancelTapped))
            case .logOut: return send(.logOut(.cancelTapped))
            }
        }
        switch shown.modals.last {
        case .match?: return send(.match(.keepSwipingTapped))
        case .outOfLikes?: return send(.outOfLikes(.okTapped))
        case nil: return false
        }
    }

    // MARK: Watching the chat

    /// Starts watching the chat of the running app, once per chat context.
    private func watchChat() {
        guard let chat = mainFlow?.chat else { return }
        let id = ObjectIdentifier(chat)
        guard id != watchedChat else { return }
        watchedChat = id
        watch = chat.store.observe { [weak self] state in
            guard let self else { return }
            self.noteShown(state, atCheck: self.isChecking)
        }
    }

    /// Records every message from someone else that `state` holds and was not shown before.
    func noteShown(_ state: ChatState, atCheck: Bool) {
        guard let me = userID else { return }
        let now = Date().timeIntervalSince1970
        for (id, record) in state.records where record.summary != nil && seenRevisions[id] != record.revision
        {
            seenRevisions[id] = record.revision
            for message in record.log.messages where message.sender != me {
                guard shownTexts.insert(message.text).inserted else { continue }
                facts.shown.append(LoadShownMessage(text: message.text, shownAt: now, atCheck: atCheck))
            }
        }
    }
}
