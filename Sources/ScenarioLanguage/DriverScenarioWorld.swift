import Flows
import GenericScreens
import HeadlessFrontEnd
import Models

/// A scenario world built on a ``HeadlessFrontEnd/HeadlessDriver``: what the user does and sees is the driver's, the
/// same on every backend; a world adds only what its backend does differently (the other people,
/// the network, time).
@MainActor
public protocol DriverScenarioWorld: ScenarioWorld {
    /// The backend the driver runs on.
    associatedtype Backend: HeadlessBackend
    /// The driver.
    var app: HeadlessDriver<Backend> { get }
}

extension DriverScenarioWorld {
    /// Everything shown and fired so far.
    public var transcript: Transcript { app.transcript }
    /// The screen on top.
    public var screen: Screen? { app.screen }
    /// The alert shown.
    public var alert: ScreenAlert? { app.alert }
    /// Every visible text of the screen and alert.
    public var visibleTexts: [String] { app.frontEnd.visibleTexts }
    /// The signed-in user, if any.
    public var signedInUser: UserID? { app.sessionState?.user?.id }
    /// Swipes waiting in the deck's queue.
    public var queuedSwipes: Int { app.mainFlow?.deck.context.snapshot.queue.count ?? 0 }
    /// Messages waiting in the outbox.
    public var outboxCount: Int { app.mainFlow?.chat.snapshot.outboxCount ?? 0 }
    /// Lists whose changes did not add up.
    public var listErrors: [String] { app.frontEnd.listErrors }
    /// Undeclared screen moves and what ended sessions left behind.
    public var checkErrors: [String] { app.checkErrors }
    /// Every screen move so far, with the flow that made it.
    public var screenMoves: [ScreenMove] { app.moves.moves }
    /// Ends the app's process and checks what it left behind.
    public func endProcess() { app.terminate() }

    /// Starts the app.
    public func launch() { app.launch() }
    /// Ends the process and starts it again.
    public func relaunch() { app.relaunch() }
    /// Taps a button by its label.
    public func tap(_ label: String) throws(HeadlessError) { try app.tap(label) }
    /// Types into a field by its label.
    public func type(_ text: String, into label: String) throws(HeadlessError) {
        try app.type(text, into: label)
    }
    /// Lets time pass on the backend's clock.
    public func wait(_ duration: Duration) { app.advance(by: duration) }
    /// The live flow tree.
    public func tree() -> String { app.tree() }
}
