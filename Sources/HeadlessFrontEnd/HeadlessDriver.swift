import EmbeddedBackend
import Flows
import Foundation
import GenericScreens
import Models
import Services

/// The headless driver on the embedded backend, the one tests, scenarios and the demo use.
public typealias HeadlessApp = HeadlessDriver<EmbeddedBackend>

/// Drives the whole engine with no UI: launch, relaunch, tap, type, open links, let time pass, and
/// read what is shown.
///
/// After every action it settles the backend (``HeadlessBackend/settle()``): on the embedded backend
/// the work due on the virtual clock runs, so responses with no latency arrive before the next step
/// and time moves only through ``advance(by:)``; on a real backend it waits until no request is in
/// flight. A relaunch drops the app and its front end and starts anew over the same backend and
/// files, like a process restart.
@MainActor
public final class HeadlessDriver<Backend: HeadlessBackend> {
    /// The backend: server, clock and storage folder.
    public let backend: Backend
    /// Everything shown and fired, across relaunches.
    public let transcript: Transcript
    /// Every screen move of every process, checked against the flows' declarations.
    public let moves = ScreenMoveLog()
    /// What ended sessions and processes left behind (``LifecycleWatch``), checked after every action.
    public let lifecycle = LifecycleWatch()
    /// The current process's front end.
    public private(set) var frontEnd: HeadlessFrontEnd
    /// The current process's root flow; `nil` before launch and after ``terminate()``.
    public private(set) var app: AppFlow?

    /// Creates a driver over `backend`; `echo` sees each transcript entry as it is recorded.
    public init(backend: Backend, echo: (@MainActor (TranscriptEntry) -> Void)? = nil) {
        self.backend = backend
        let transcript = Transcript(clock: backend.clock, echo: echo)
        self.transcript = transcript
        self.frontEnd = HeadlessFrontEnd(transcript: transcript, moves: moves)
    }

    /// The backend's time.
    public var now: Date { backend.clock.now }
    /// The screen on top, if any.
    public var screen: Screen? { frontEnd.currentScreen }
    /// The alert shown, if any.
    public var alert: ScreenAlert? { frontEnd.currentAlert }
    /// The signed-in part of the app (deck, chat, profile), if signed in.
    public var mainFlow: MainFlow? { app?.sessionFlow?.mainFlow }
    /// The session's state, if launched.
    public var sessionState: SessionPhase? { app?.sessionFlow?.context.snapshot.phase }

    /// Starts the app (a new process).
    public func launch() {
        transcript.append(.note("launch"))
        let app = AppFlow(services: backend.makeServices(), presenter: frontEnd, analytics: transcript)
        app.onUnhandledError = { [weak transcript] error in
            transcript?.append(.error(String(describing: error)))
        }
        self.app = app
        app.launch()
        settle()
        checkLifecycle(after: "launch")
    }

    /// Ends the process: the app and its front end are released; files and server stay.
    public func terminate() {
        transcript.append(.note("terminate"))
        app = nil
        frontEnd = HeadlessFrontEnd(transcript: transcript, moves: moves)
        checkLifecycle(after: "terminate")
    }

    /// Ends the process and launches it again.
    public func relaunch() {
        terminate()
        launch()
    }

    /// Taps the button with this label on the current alert or screen.
    public func tap(_ label: String) throws(HeadlessError) {
        try frontEnd.tap(label)
        settle()
        checkLifecycle(after: "tap \"\(label)\"")
    }

    /// Types text into the field with this label on the current screen.
    public func type(_ text: String, into label: String) throws(HeadlessError) {
        try frontEnd.type(text, into: label)
        settle()
        checkLifecycle(after: "typing into \"\(label)\"")
    }

    /// Opens a deep link, as the system would.
    public func open(_ link: String) {
        transcript.append(.note("open \(link)"))
        app?.open(link)
        settle()
        checkLifecycle(after: "open \(link)")
    }

    /// Lets `duration` pass on the backend's clock, running everything that falls due.
    public func advance(by duration: Duration) {
        transcript.append(.note("wait \(duration)"))
        backend.advance(by: duration)
        checkLifecycle(after: "wait \(duration)")
    }

    /// Runs what the last action started (responses with no latency; requests in flight).
    public func settle() {
        backend.settle()
    }

    /// Every problem the run checks found so far: undeclared screen moves and what ended sessions left
    /// behind, oldest first within each kind. A correct engine leaves this empty.
    public var checkErrors: [String] { moves.errors + lifecycle.errors }

    /// Checks that what an ended session or process held is gone, writing any report to the
    /// transcript as an error.
    public func checkLifecycle(after step: String) {
        let reports = [
            lifecycle.check(live: app.map { [$0] } ?? [], after: step),
            lifecycle.checkFiles(of: sessionState, services: app?.environment.services, after: step),
        ]
        for report in reports.compactMap(\.self) { transcript.append(.error("lifecycle: \(report)")) }
    }

    /// The live flow tree, or a note that the app is not running.
    public func tree() -> String {
        app?.treeDescription() ?? "(not running)"
    }
}

extension HeadlessDriver where Backend == EmbeddedBackend {
    /// Changes the backend's world as a scenario's set-up would ("carol likes me"), noting it in the
    /// transcript, then runs what is due.
    public func given(_ description: String, _ change: (EmbeddedServer) -> Void) {
        transcript.append(.note(description))
        change(backend.server)
        settle()
        checkLifecycle(after: description)
    }
}
