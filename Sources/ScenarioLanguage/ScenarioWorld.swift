import Flows
import GenericScreens
import HeadlessFrontEnd
import Models

/// What a scenario runs against: an app and a backend a scenario can act on and look at.
///
/// The runner only speaks to this protocol, so the backend is a parameter: ``EmbeddedScenarioWorld``
/// (virtual time, the default) or ``MatrixScenarioWorld`` (a real Synapse homeserver).
@MainActor
public protocol ScenarioWorld: AnyObject {
    /// Everything shown and fired so far.
    var transcript: Transcript { get }
    /// The screen on top.
    var screen: Screen? { get }
    /// The alert shown.
    var alert: ScreenAlert? { get }
    /// Every visible text of the screen and alert.
    var visibleTexts: [String] { get }
    /// The signed-in user, if any.
    var signedInUser: UserID? { get }
    /// Swipes waiting to reach the server.
    var queuedSwipes: Int { get }
    /// Messages waiting in the outbox.
    var outboxCount: Int { get }
    /// The unread count of the conversation with a user; `nil` when there is none.
    func unreadCount(with user: UserID) -> Int?
    /// Messages from `sender` to `recipient`, as the sender's app would send them.
    func sendMessage(from sender: UserID, to recipient: UserID, _ text: String) throws(ScenarioRunError)
    /// `reader` reads their conversation with `other`.
    func read(by reader: UserID, with other: UserID)
    /// `typist` starts typing to `other`.
    func type(by typist: UserID, to other: UserID)
    /// `user` ends the match with `other`.
    func unmatch(by user: UserID, with other: UserID)
    /// `editor` changes the text of their newest message `text` to `other` into `newText`.
    func editMessage(by editor: UserID, with other: UserID, from text: String, to newText: String)
        throws(ScenarioRunError)
    /// `sender` deletes their newest message `text` to `other`.
    func deleteMessage(by sender: UserID, with other: UserID, _ text: String) throws(ScenarioRunError)
    /// `user` ends the match with `other` and blocks them.
    func block(by user: UserID, of other: UserID) throws(ScenarioRunError)
    /// `liker` takes back their like of `liked`, which has not made a match.
    func withdrawLike(from liker: UserID, to liked: UserID) throws(ScenarioRunError)
    /// Lists whose changes did not add up (should stay empty).
    var listErrors: [String] { get }
    /// Undeclared screen moves and what ended sessions left behind (should stay empty; see
    /// ``HeadlessFrontEnd/HeadlessDriver/checkErrors``).
    var checkErrors: [String] { get }
    /// Every screen move so far, with the flow that made it.
    var screenMoves: [ScreenMove] { get }
    /// Ends the app's process, as the end of a scenario does, and checks what it left behind.
    func endProcess()

    /// Adds alice, bob, carol and dave.
    func addDemoPeople()
    /// Adds an account.
    func addUser(username: String, password: String, born: String?) throws(ScenarioRunError)
    /// Starts the app.
    func launch()
    /// Ends the process and starts it again.
    func relaunch()
    /// Taps a button by its label.
    func tap(_ label: String) throws(HeadlessError)
    /// Types into a field by its label.
    func type(_ text: String, into label: String) throws(HeadlessError)
    /// Opens a deep link.
    func open(_ link: String)
    /// Lets time pass.
    func wait(_ duration: Duration)
    /// The units of work done so far: on virtual time, the pieces of scheduled work run (responses,
    /// timers); a world on real time counts none, its clock bounds it.
    var workDone: Int { get }
    /// Stops the world doing more than `budget` units of work; ``isOverWorkBudget`` then says so.
    func limitWork(to budget: Int)
    /// Whether work was left undone because the budget ran out (a timer that re-arms itself).
    var isOverWorkBudget: Bool { get }
    /// Makes `liker` like `liked`.
    func like(from liker: UserID, to liked: UserID, superLike: Bool)
    /// Takes the network down or brings it back.
    func setNetwork(up: Bool)
    /// Revokes every session of a user.
    func revokeSessions(of user: UserID)
    /// Makes the next request to an endpoint fail with a server error.
    func failNext(_ endpoint: String) throws(ScenarioRunError)
    /// The live flow tree.
    func tree() -> String
    /// Lets answers and events arrive until `holds` is true or the world gives up (a real server's
    /// messages take a moment); the embedded world is already settled and returns at once.
    func eventually(_ holds: @MainActor () -> Bool)
    /// How many generated people (`c0`, `c1`, …) the backend holds besides the accounts; a scenario
    /// may name them.
    var generatedPeople: Int { get }
    /// Where the app keeps its files, when a scenario may damage and inspect them (the embedded
    /// world's); `nil` where it may not.
    var appFolders: AppFolders? { get }
    /// A value as a scenario names it: a backend's user id (`@t1.alice:localhost`) as the scenario's
    /// name for that person (`alice`); anything else unchanged.
    func scenarioName(of value: String) -> String
}

extension ScenarioWorld {
    /// None: a backend holds generated people only if it says so.
    public var generatedPeople: Int { 0 }
    /// None: a world's files are reachable only if it says so.
    public var appFolders: AppFolders? { nil }
}

/// Why a step could not run (as opposed to an expectation that did not hold).
public struct ScenarioRunError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
