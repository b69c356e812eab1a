import Foundation
import Models
import ScenarioLanguage

/// What the explorer needs of a scenario world besides what every world offers: what its backend
/// lets the explorer do (``plan``), and what it can honestly observe of the server.
///
/// Two worlds conform: ``EmbeddedScenarioWorld`` (virtual time; the server's insides are in reach)
/// and ``MatrixScenarioWorld`` (a real homeserver on its real clock; the server is seen only through
/// the other people's own clients). The step generator, the invariants and the shrinker are the same
/// on both.
@MainActor
protocol ExploreWorld: DriverScenarioWorld {
    /// The steps this world supports and how its invariants are tuned.
    static var plan: ExplorePlan { get }
    /// Whether this device is cut off from the server (`network down`).
    var isNetworkDown: Bool { get }
    /// How many `sendSwipe` requests reached the server, to follow the failures injected into them
    /// (0 where failures cannot be injected).
    var swipeRequests: Int { get }
    /// How many `refresh` requests reached the server, to follow the failures injected into them
    /// (0 where failures cannot be injected).
    var refreshRequests: Int { get }
    /// The backend's id of the person a scenario names (`bob`): on Matrix `@s1.bob:localhost`.
    func userID(named name: String) -> UserID
    /// The messages between `me` and `other`, oldest first, as the server holds them (embedded) or
    /// as `other`'s own client reads them (Matrix); `nil` when the world cannot tell (nobody's client
    /// for `other`, or the server did not answer).
    func serverMessages(between me: UserID, and other: UserID) -> [Message]?
    /// Whether transcript entry `index` is an error of the world's own doing (another person's app
    /// failing to act, a set-up step failing) rather than one that reached the app's root.
    func isWorldError(at index: Int) -> Bool
}

/// What the explorer may do on a world and how its invariants are tuned there.
///
/// The embedded world supports every step the explorer makes; a real homeserver supports what it
/// can be asked to do for real: no injected server failures, no generated people, and short real
/// waits instead of jumps across midnight and past the tokens' lifetimes.
struct ExplorePlan: Sendable {
    /// The people besides the user that steps may name: the demo people, and generated ones where
    /// the backend has them.
    var otherPeople: [String]
    /// The waits, in seconds, on a real clock; `nil` on virtual time (a second up to a month, picked
    /// by ``StepGenerator`` from the world's date).
    var realWaits: [Int64]?
    /// Whether `server fails next <endpoint>` can be run.
    var injectsServerFailures: Bool
    /// How long a queued swipe or a sending message may wait, in calm, before it counts as stuck.
    var settleTime: TimeInterval
    /// How the backend's access and refresh tokens begin: none may show in the transcript.
    var tokenStarts: [[UInt8]]
    /// Whether the server's whole conversation is in view, so a conversation offering older messages
    /// while showing all the server has is a finding (on Matrix only the other client's newest page
    /// is read, so it is not checked).
    var seesWholeConversations: Bool
    /// Whether a run signs in as a demo person and makes a match before its random steps, and taps
    /// "Log out" less often: a short run on a real server spends its steps in the app rather than on
    /// the login forms.
    var signsInFirst: Bool
    /// Every how many attempts the explorer looks at the clock for its deadline: rarely on virtual
    /// time (a step takes microseconds), at every step on a real one (a step takes up to seconds).
    var deadlineCheckInterval: Int
}
