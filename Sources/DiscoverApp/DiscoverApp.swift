import EmbeddedBackend
import Flows
import Foundation
import MatrixBackend
import Models
import Services

/// The composition root: one call builds the whole engine over a backend for a front end.
///
/// A front end implements ``Flows/Presenter`` (or uses the generic screen stack), then:
///
/// ```swift
/// let app = DiscoverApp.embedded(presenter: frontEnd, storageDirectory: folder)
/// app.launch()
/// ```
///
/// - ``embedded(presenter:storageDirectory:clock:configuration:)``: the in-process backend with the
///   demo people (alice, bob, carol, dave). On ``Clock/runLoop`` every answer and timer arrives on
///   the main queue in real time (``Services/DispatchScheduler``), as an app's main run loop runs
///   it. On ``Clock/virtual(start:)`` time stands still until ``advance(by:)``; the app settles the
///   virtual clock after every intent itself (answers with no latency arrive before the intent
///   returns), so a front end never runs the scheduler.
/// - ``matrix(homeserver:presenter:storageDirectory:)``: every service over a Matrix homeserver, real
///   time on the main queue.
///
/// ``terminate()`` drops the running app as a process end would; ``launch()`` then starts it anew over
/// the same backend and files (the stored session is restored).
@MainActor
public final class DiscoverApp {
    /// What time the app runs on.
    public enum Clock: Sendable, Hashable {
        /// Real time: work is delivered on the main queue, which the app's run loop runs.
        case runLoop
        /// Virtual time starting at `start`: it moves only through ``DiscoverApp/advance(by:)``; what
        /// is due now runs after every intent, launch and link.
        case virtual(start: Date)
    }

    /// The embedded backend's server, for its knobs (latency, network down, the other people's
    /// actions); `nil` on Matrix.
    ///
    /// On ``Clock/virtual(start:)``, what a knob starts is delivered by the next intent or
    /// ``advance(by:)`` (`advance(by: .zero)` delivers what is due now).
    public let embeddedServer: EmbeddedServer?
    private let presenter: any Presenter
    private let virtualClock: VirtualScheduler?
    private let makeServices: @MainActor () -> AppServices
    private let analytics = UnrecordedAnalytics()
    private var flow: AppFlow?

    private init(
        presenter: any Presenter, virtualClock: VirtualScheduler?, embeddedServer: EmbeddedServer?,
        makeServices: @escaping @MainActor () -> AppServices
    ) {
        self.virtualClock = virtualClock
        self.presenter = virtualClock.map { SettlingPresenter(presenter, clock: $0) } ?? presenter
        self.embeddedServer = embeddedServer
        self.makeServices = makeServices
    }

    // A virtual clock stops with the app: the work still waiting goes.
    isolated deinit {
        virtualClock?.cancelAll()
    }

    /// An app on the embedded backend: a fresh in-process server with the demo people, files under
    /// `storageDirectory`.
    ///
    /// On ``Clock/runLoop`` (the default) it delivers on the main queue in real time; on
    /// ``Clock/virtual(start:)`` on a virtual clock that the app settles after every intent itself.
    public static func embedded(
        presenter: any Presenter, storageDirectory: URL, clock: Clock = .runLoop,
        configuration: EmbeddedServerConfiguration = .init()
    ) -> DiscoverApp {
        switch clock {
        case .virtual(let start):
            let backend = EmbeddedBackend(
                storageDirectory: storageDirectory, start: start, configuration: configuration)
            backend.addDemoAccounts()
            return DiscoverApp(
                presenter: presenter, virtualClock: backend.scheduler, embeddedServer: backend.server,
                makeServices: backend.makeServices)
        case .runLoop:
            let server = EmbeddedServer(scheduler: DispatchScheduler(), configuration: configuration)
            server.addDemoAccounts()
            return embedded(on: server, presenter: presenter, storageDirectory: storageDirectory)
        }
    }

    /// An app on an embedded server that other apps share (one world for several people: a browser
    /// front end's sessions), in real time on the main queue, files under `storageDirectory`.
    ///
    /// `server` must deliver on the main queue (a ``Services/DispatchScheduler``); each app keeps its
    /// own files, so two apps signed in as two people match and chat through `server`.
    public static func embedded(
        on server: EmbeddedServer, presenter: any Presenter, storageDirectory: URL
    ) -> DiscoverApp {
        let writer = DiskWriter()
        let ids = UUIDGenerator()
        return DiscoverApp(
            presenter: presenter, virtualClock: nil, embeddedServer: server,
            makeServices: {
                EmbeddedBackend.makeServices(
                    server: server, storageDirectory: storageDirectory, writer: writer, ids: ids)
            })
    }

    /// An app on a Matrix homeserver (`http` or `https`), real time on the main queue, files under
    /// `storageDirectory`.
    ///
    /// Nothing is sent before the user signs in. Plain `http` to another machine is allowed but
    /// unsafe (``MatrixBackend/MatrixTransportWarning``).
    ///
    /// - Throws: ``DiscoverAppError/notAHomeserver(_:)`` when `homeserver` is not an http(s) address
    ///   with a host.
    public static func matrix(homeserver: URL, presenter: any Presenter, storageDirectory: URL)
        throws(DiscoverAppError) -> DiscoverApp
    {
        let scheme = homeserver.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", let host = homeserver.host, !host.isEmpty else {
            throw .notAHomeserver(homeserver.absoluteString)
        }
        let connection = MatrixConnection(
            configuration: MatrixConfiguration(homeserver: homeserver), scheduler: DispatchScheduler())
        let writer = DiskWriter()
        let ids = MatrixBackend.freshIDs()
        return DiscoverApp(
            presenter: presenter, virtualClock: nil, embeddedServer: nil,
            makeServices: {
                MatrixBackend.makeServices(
                    connection: connection, storageDirectory: storageDirectory, writer: writer, ids: ids)
            })
    }

    /// Who is signed in, if anyone: whom the embedded server's knobs act towards.
    public var signedInUser: UserID? { flow?.sessionFlow?.context.snapshot.user?.id }

    /// Whether the app is running (launched and not terminated).
    public var isRunning: Bool { flow != nil }

    /// Starts the app, as a process start does: restores the stored session or shows the welcome
    /// screen. Does nothing while it runs.
    public func launch() {
        guard flow == nil else { return }
        let flow = AppFlow(services: makeServices(), presenter: presenter, analytics: analytics)
        self.flow = flow
        flow.launch()
        virtualClock?.runDue()
    }

    /// Opens a `discover://` link, as the system would (an unknown one shows an alert).
    public func open(_ link: String) {
        flow?.open(link)
        virtualClock?.runDue()
    }

    /// Ends the running app, as a process end does: the flows and their work are released; the
    /// backend and the files stay for the next ``launch()``.
    public func terminate() {
        flow = nil
    }

    /// Moves the virtual clock by `duration`, delivering everything that falls due on the way; does
    /// nothing on ``Clock/runLoop`` (real time passes by itself).
    public func advance(by duration: Duration) {
        virtualClock?.advance(by: duration)
    }
}
