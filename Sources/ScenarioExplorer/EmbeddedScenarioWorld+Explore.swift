import Foundation
import Models
import ScenarioLanguage

/// The embedded world explored: every step the explorer makes, on virtual time, with the server's
/// insides in reach.
extension EmbeddedScenarioWorld: ExploreWorld {
    /// Every step: the demo and generated people, waits up to a month, injected server failures.
    static let plan = ExplorePlan(
        otherPeople: ExploreValues.people.map(\.name) + ["c0", "c1", "c2"], realWaits: nil,
        injectsServerFailures: true, settleTime: 600,
        tokenStarts: [Array("eat_".utf8), Array("ert_".utf8)], seesWholeConversations: true,
        signsInFirst: false, deadlineCheckInterval: 256)

    /// Whether the server's network switch is down.
    var isNetworkDown: Bool { app.backend.server.isNetworkDown }

    /// The `sendSwipe` requests the server has met.
    var swipeRequests: Int { app.backend.server.requestCount(.sendSwipe) }

    /// The `refresh` requests the server has met.
    var refreshRequests: Int { app.backend.server.requestCount(.refresh) }

    /// Embedded ids are the scenario's names.
    func userID(named name: String) -> UserID { UserID(name) }

    /// The server's own copy of the conversation.
    func serverMessages(between me: UserID, and other: UserID) -> [Message]? {
        app.backend.server.messages(between: me, and: other)
    }

    /// None: the embedded world's other people and set-up do not fail into the transcript.
    func isWorldError(at index: Int) -> Bool { false }
}
