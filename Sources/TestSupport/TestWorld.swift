import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import Services
import Testing

/// A headless app on a fresh embedded backend in its own temporary folder, with the demo accounts.
///
/// When the world goes (at the end of its test), it ends the app's process and records an issue, at
/// the line that made the world, for every problem the run checks found
/// (``HeadlessFrontEnd/HeadlessDriver/checkErrors``): a screen move no flow declares, a flow, context or
/// session timer an ended session left behind. A test that provokes such a problem on purpose turns
/// this off (``failsOnCheckErrors``).
@MainActor
public final class TestWorld {
    /// The storage folder (deleted with the world).
    public let directory: TemporaryDirectory
    /// The backend.
    public let backend: EmbeddedBackend
    /// The driver.
    public let app: HeadlessApp

    /// Whether the world fails its test when the run checks found problems: on, unless a test checks
    /// those problems itself.
    public var failsOnCheckErrors = true

    /// Where the world was made: its problems are reported there.
    private let origin: SourceLocation

    /// Creates a world; `demoAccounts` adds alice, bob, carol and dave.
    public init(
        demoAccounts: Bool = true, configuration: EmbeddedServerConfiguration = .init(),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        origin = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        directory = TemporaryDirectory()
        backend = EmbeddedBackend(storageDirectory: directory.url, configuration: configuration)
        if demoAccounts { backend.addDemoAccounts() }
        app = HeadlessApp(backend: backend)
    }

    isolated deinit {
        defer { backend.scheduler.cancelAll() }
        guard failsOnCheckErrors else { return }
        if app.app != nil { app.terminate() }
        for error in app.checkErrors {
            Issue.record("run check of the world made here: \(error)", sourceLocation: origin)
        }
    }

    /// A second app on the same server and clock, with its own folder (another person's phone).
    public func secondApp() -> (app: HeadlessApp, directory: TemporaryDirectory) {
        let folder = TemporaryDirectory()
        return (HeadlessApp(backend: EmbeddedBackend(sharing: backend, storageDirectory: folder.url)), folder)
    }

    /// Makes two people match (each likes the other).
    public func match(_ first: UserID, _ second: UserID) {
        server.like(from: first, to: second)
        server.like(from: second, to: first)
    }

    /// The server.
    public var server: EmbeddedServer { backend.server }

    /// Launches and signs in through the login screens as a demo user.
    public func signIn(_ username: String = "alice", password: String = "wonderland") throws(HeadlessError) {
        if app.app == nil { app.launch() }
        if app.screen?.id == .welcome { try app.tap("Log in") }
        try app.type(username, into: "Username or email")
        try app.type(password, into: "Password")
        try app.tap("Log in")
    }

    /// Signs `username` in through `services` alone (no app), for a test that builds its contexts by
    /// hand; the session's tokens, or `nil` if the server refused.
    public func tokens(
        signingIn username: String = "alice", password: String = "wonderland", with services: AppServices
    ) -> AuthTokens? {
        let answer = SignInAnswer()
        services.auth.signIn(Credentials(identifier: username, password: password)) { result in
            answer.session = try? result.get()
        }
        backend.scheduler.advance(by: .seconds(5))
        return answer.session?.tokens
    }

    /// The screen ids shown since the transcript entry at `start`, each run counted once.
    public func screens(since start: Int = 0) -> [ScreenID] {
        app.transcript.screenSequence(since: start)
    }

    /// The analytics event names fired since the transcript entry at `start`, without screen_shown.
    public func eventNames(since start: Int = 0) -> [String] {
        app.transcript.entries.dropFirst(start).compactMap { entry in
            if case .analytics(let event) = entry.kind, event.name != "screen_shown" { return event.name }
            return nil
        }
    }

    /// The number of transcript entries so far, as a mark for ``screens(since:)``.
    public var mark: Int { app.transcript.entries.count }

    /// The texts visible now.
    public var visibleTexts: [String] { app.frontEnd.visibleTexts }

    /// The error banners on the current screen.
    public var errorBanners: [String] {
        app.screen?.elements.compactMap { element in
            if case .error(let text) = element { return text }
            return nil
        } ?? []
    }

    /// The error shown beside the field with this label, if any.
    public func fieldError(_ label: String) -> String? {
        app.screen?.fields.first { $0.label == label }?.error
    }

    /// Whether the action with this label is shown and enabled.
    public func isEnabled(_ label: String) -> Bool {
        app.screen?.actions.first { $0.label == label }?.isEnabled ?? false
    }
}

/// Where ``TestWorld/tokens(signingIn:password:with:)`` keeps the answer (set on the main actor by the
/// service's completion).
private final class SignInAnswer: @unchecked Sendable {
    var session: AuthSession?
}
