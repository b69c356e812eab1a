import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Interactors
import MatrixBackend
import Models
import Services

/// A scenario world on a real Matrix homeserver: a ``HeadlessFrontEnd/HeadlessDriver`` on a
/// ``MatrixBackend/MatrixBackend``, with the other people (`alice sends "hi"`) played by their own
/// Matrix clients — the same services, signed in as them.
///
/// Every world gets a fresh namespace, so scenarios sharing one server never see each other's
/// accounts or discovery room. Scenarios are written for the demo world's date (2026-01-15); a real
/// server runs on today's, so the people a scenario adds are born that many days later too, and
/// their ages read as the scenario expects. Time is real: `wait 5s` waits five seconds, and expectations wait (up
/// to ``expectationTimeout``) for what a real server takes a moment to deliver. Steps that only a
/// simulated server can do (`server fails …`, every form and kind; generated candidates) are refused
/// with a reason.
@MainActor
public final class MatrixScenarioWorld: DriverScenarioWorld {
    /// The driver.
    public let app: HeadlessDriver<MatrixBackend>
    /// How long an expectation waits for a real server's answers and events.
    public var expectationTimeout: Duration = .seconds(10)
    private let directory: URL
    /// The other people's own apps, by scenario name.
    package private(set) var people: [String: Person] = [:]
    private var passwords: [String: String] = [:]
    /// The server part of user ids, learnt from the first account signed up.
    private var serverName = "localhost"
    /// The transcript entries that are the world's own failures (another person's app failing to
    /// act, a set-up step failing), not errors of the app.
    package private(set) var worldErrorEntries: Set<Int> = []

    /// Someone else's app: their services and session.
    package struct Person {
        package let backend: MatrixBackend
        package let services: AppServices
        package var session: AuthSession
    }

    /// Creates a world on `homeserver` storing its files under `directory`.
    public init(homeserver: URL, directory: URL, dailyLikeLimit: Int = 100) {
        let namespace = MatrixConfiguration.randomNamespace(prefix: "s")
        self.directory = directory
        app = HeadlessDriver(
            backend: MatrixBackend(
                configuration: MatrixConfiguration(
                    homeserver: homeserver, namespace: namespace, dailyLikeLimit: dailyLikeLimit),
                storageDirectory: directory.appendingPathComponent("app", isDirectory: true)))
    }

    /// The folder the world's files live in.
    public var storageDirectory: URL { directory }

    /// None counted: time is real, so a `wait` is bounded by its own length.
    public var workDone: Int { 0 }
    /// Nothing to limit on real time.
    public func limitWork(to budget: Int) {}
    /// Never: real time bounds the work.
    public var isOverWorkBudget: Bool { false }

    /// The unread count of the conversation with a user.
    public func unreadCount(with user: UserID) -> Int? {
        app.mainFlow?.chat.snapshot.list.unreadCount(with: matrixID(user))
    }

    // MARK: Set-up

    /// Signs up alice, bob, carol and dave, each with their profile and place, as their own apps would.
    public func addDemoPeople() {
        transcript.append(.note("given demo people"))
        for person in DemoData.people {
            var configuration = app.backend.configuration
            configuration.signUpLocation = (person.location.x, person.location.y)
            do {
                let signedUp = try signUp(
                    person.username, password: person.password, name: person.displayName,
                    born: shiftedToToday(person.birthDate),
                    email: person.email, configuration: configuration)
                _ = try call(signedUp) { services, token, done in
                    services.profiles.saveProfile(person.profile, accessToken: token, completion: done)
                }
            } catch {
                noteFailure("could not add \(person.username): \(error)")
            }
        }
    }

    /// Signs up an account with no profile yet.
    public func addUser(username: String, password: String, born: String?) throws(ScenarioRunError) {
        let birthDate = shiftedToToday(
            born.flatMap(CalendarMath.parseDay) ?? CalendarMath.parseDay("1995-01-01") ?? Date())
        let displayName = username.prefix(1).uppercased() + username.dropFirst()
        do {
            _ = try signUp(
                username, password: password, name: displayName, born: birthDate, email: nil,
                configuration: app.backend.configuration)
        } catch {
            throw ScenarioRunError("could not add user \(username): \(error)")
        }
        transcript.append(.note("given user \(username)"))
    }

    // MARK: The user

    /// Opens a deep link, with the scenario's names in it spelt as this server's ids
    /// (`discover://profile/carol`, `discover://chat/m-alice~bob`, and the earlier `m-alice-bob`).
    public func open(_ link: String) { app.open(backendLink(link)) }

    /// Takes this device offline or back online.
    public func setNetwork(up: Bool) {
        transcript.append(.note("network \(up ? "up" : "down")"))
        app.backend.isOffline = !up
        app.settle()
    }

    // MARK: Other people

    /// `liker`'s app swipes right (or up) on `liked`.
    public func like(from liker: UserID, to liked: UserID, superLike: Bool) {
        act("\(name(liker)) \(superLike ? "super likes" : "likes") \(name(liked))", as: liker) {
            services, token, done in
            let swipe = Swipe(
                id: self.app.backend.ids.next(), candidate: self.matrixID(liked),
                action: superLike ? .superLike : .like,
                swipedAt: self.app.now)
            services.discovery.sendSwipe(swipe, accessToken: token) { done($0.map { _ in () }) }
        }
    }

    /// `sender`'s app sends a message to `recipient`.
    public func sendMessage(from sender: UserID, to recipient: UserID, _ text: String)
        throws(ScenarioRunError)
    {
        let conversation = Match.id(between: matrixID(sender), and: matrixID(recipient))
        let message = OutgoingMessage(
            id: app.backend.ids.next(), conversation: conversation, text: text, createdAt: app.now)
        guard
            act(
                "\(name(sender)) sends \"\(text)\"", as: sender,
                { services, token, done in
                    services.chat.sendMessage(message, accessToken: token) { done($0.map { _ in () }) }
                })
        else { throw ScenarioRunError("\(name(sender)) cannot send to \(name(recipient))") }
    }

    /// `reader`'s app marks the conversation read.
    public func read(by reader: UserID, with other: UserID) {
        let conversation = Match.id(between: matrixID(reader), and: matrixID(other))
        act("\(name(reader)) reads", as: reader) { services, token, done in
            services.chat.markRead(conversation: conversation, accessToken: token, completion: done)
        }
    }

    /// `typist`'s app says they are typing.
    public func type(by typist: UserID, to other: UserID) {
        let conversation = Match.id(between: matrixID(typist), and: matrixID(other))
        act("\(name(typist)) types", as: typist) { services, token, done in
            services.chat.setTyping(
                conversation: conversation, isTyping: true, accessToken: token, completion: done)
        }
    }

    /// `user`'s app unmatches `other`.
    public func unmatch(by user: UserID, with other: UserID) {
        let conversation = Match.id(between: matrixID(user), and: matrixID(other))
        act("\(name(user)) unmatches \(name(other))", as: user) { services, token, done in
            services.chat.unmatch(
                conversation: conversation, block: false, accessToken: token, completion: done)
        }
    }

    /// Signs every device of the user out (`POST /logout/all` from a fresh sign-in).
    public func revokeSessions(of user: UserID) {
        let username = name(user)
        transcript.append(.note("server revokes the sessions of \(username)"))
        guard let password = passwords[username] else {
            noteFailure("cannot revoke \(username)'s sessions: the scenario did not set their password")
            return
        }
        let backend = app.backend
        let services = backend.makeServices()
        let signedIn = backend.await {
            services.auth.signIn(Credentials(identifier: username, password: password), completion: $0)
        }
        guard case .success(let session) = signedIn else {
            noteFailure("cannot revoke \(username)'s sessions: \(signedIn)")
            return
        }
        let auth = MatrixAuthService(connection: backend.connection)
        let revoked = backend.await {
            auth.signOutEverywhere(accessToken: session.tokens.accessToken, completion: $0)
        }
        if case .failure(let error) = revoked { noteFailure("logout/all failed: \(error)") }
        app.settle()
    }

    /// Refused: a real server cannot be told to fail.
    public func failNext(_ endpoint: String) throws(ScenarioRunError) {
        throw ScenarioRunError("'server fails next \(endpoint)' needs the embedded backend")
    }

    /// Pumps answers and events until `holds` or ``expectationTimeout``.
    public func eventually(_ holds: @MainActor () -> Bool) {
        _ = app.backend.wait(until: holds, timeout: expectationTimeout)
    }

    /// None: generated people (`given candidates`) exist only on the embedded server, so a scenario
    /// naming one fails here.
    public var generatedPeople: Int { 0 }

    /// `@s1.alice:localhost` → `alice`.
    public func scenarioName(of value: String) -> String {
        value.hasPrefix("@") ? app.backend.configuration.username(for: value) : value
    }

    // MARK: Internals

    /// A birth date moved by the whole days between the demo world's date and today.
    private func shiftedToToday(_ birthDate: Date) -> Date {
        let days = (app.now.timeIntervalSince(EmbeddedBackend.demoStart) / 86_400).rounded(.down)
        return birthDate.addingTimeInterval(days * 86_400)
    }

    /// The scenario's name of a user id.
    package func name(_ user: UserID) -> String { scenarioName(of: user.rawValue) }

    /// A scenario's name as the Matrix user id of this world.
    package func matrixID(_ user: UserID) -> UserID {
        guard !user.rawValue.hasPrefix("@") else { return user }
        return UserID("@\(app.backend.configuration.localpart(for: user.rawValue)):\(serverName)")
    }

    private func signUp(
        _ username: String, password: String, name: String, born: Date, email: String?,
        configuration: MatrixConfiguration
    ) throws(ServiceError) -> String {
        let backend = MatrixBackend(
            sharing: app.backend, configuration: configuration,
            storageDirectory: directory.appendingPathComponent("people/\(username)", isDirectory: true))
        let services = backend.makeServices()
        let request = SignUpRequest(
            username: username, email: email, password: password, displayName: name, birthDate: born)
        let session = try backend.await { services.auth.signUp(request, completion: $0) }.get()
        people[username] = Person(backend: backend, services: services, session: session)
        serverName = MatrixConnection.serverName(of: session.user.id.rawValue)
        passwords[username] = password
        return username
    }

    /// Records a failure of the world's own (not the app's) in the transcript, as an error.
    private func noteFailure(_ text: String) {
        worldErrorEntries.insert(transcript.entries.count)
        transcript.append(.error(text))
    }

    /// Runs one call as `username`'s app and waits for it.
    func call<Value: Sendable>(
        _ username: String,
        _ body: (AppServices, String, @escaping ServiceCompletion<Value>) -> Void
    ) throws(ServiceError) -> Value {
        guard let person = people[username] else { throw .notFound }
        return try person.backend.await { body(person.services, person.session.tokens.accessToken, $0) }.get()
    }

    /// Notes what someone else does, does it as them, then lets the app hear of it; `false` if it
    /// could not be done.
    @discardableResult
    func act(
        _ description: String, as user: UserID,
        _ body: (AppServices, String, @escaping ServiceCompletion<Void>) -> Void
    ) -> Bool {
        transcript.append(.note(description))
        do {
            try call(name(user), body)
        } catch {
            noteFailure("\(description): \(error)")
            return false
        }
        app.settle()
        return true
    }
}
