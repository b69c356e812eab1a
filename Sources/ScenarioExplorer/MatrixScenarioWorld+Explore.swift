import Foundation
import Models
import ScenarioLanguage

/// The Matrix world explored: what a real homeserver can be asked to do, on its real clock, with
/// the server seen through the other people's own clients.
///
/// Supported: every tap and typed value, deep links, the other people's actions (each done by
/// their own Matrix client), `network down`/`up` (this device cut off), `server revokes token`
/// (`POST /logout/all` as the user, for the people whose password the world knows), relaunches and
/// waits of a few real seconds. Not: `server fails …` (a real server cannot be told to fail),
/// generated people (`c0`, …: only the embedded server makes them), waits across midnight or past a
/// token's lifetime (time is real, a run lasts a minute).
extension MatrixScenarioWorld: ExploreWorld {
    /// The demo people, short real waits, no injected failures, Synapse's token shapes.
    static let plan = ExplorePlan(
        otherPeople: ExploreValues.people.map(\.name), realWaits: [1, 1, 2, 3],
        injectsServerFailures: false,
        // Longer than the send queue's longest back-off (60 s), so a retry on its way is not stuck.
        settleTime: 90,
        // Synapse's access tokens begin `syt_`, its refresh tokens `syr_`.
        tokenStarts: [Array("syt_".utf8), Array("syr_".utf8)],
        // Only the newest page of the other client's view is read (one request per conversation and
        // step): whether the server has older messages than the phone shows is not in view.
        seesWholeConversations: false, signsInFirst: true, deadlineCheckInterval: 1)

    /// Whether this device is offline.
    var isNetworkDown: Bool { app.backend.isOffline }

    /// None counted: failures cannot be injected on a real server.
    var swipeRequests: Int { 0 }

    /// None counted: failures cannot be injected on a real server.
    var refreshRequests: Int { 0 }

    /// `bob` → `@s1.bob:localhost`.
    func userID(named name: String) -> UserID { matrixID(UserID(name)) }

    /// The newest 100 messages of the conversation as `other`'s own client reads them (`nil` when
    /// `other` has no client in this world, or it could not read them: the match ended, its session
    /// was revoked).
    func serverMessages(between me: UserID, and other: UserID) -> [Message]? {
        guard let person = people[name(other)] else { return nil }
        let conversation = Match.id(between: matrixID(me), and: matrixID(other))
        let token = person.session.tokens.accessToken
        let page = person.backend.await(timeout: .seconds(10)) {
            person.services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 100, accessToken: token, completion: $0)
        }
        guard case .success(let page) = page else { return nil }
        return page.messages.reversed()
    }

    /// The entries the world noted as its own failures.
    func isWorldError(at index: Int) -> Bool { worldErrorEntries.contains(index) }
}
