import Foundation
import MatrixBackend
import Models
import Services
import TestSupport

/// One Discover user (our `MatrixBackend`) and the helpers the membership tests share; the other
/// people are ``ForeignClient``s in the same namespace.
@MainActor
final class MatrixMembershipWorld {
    let directory = TemporaryDirectory()
    let homeserver: URL
    let namespace = MatrixTestServer.freshNamespace()
    let backend: MatrixBackend
    let services: AppServices
    let session: AuthSession

    init(user: String = "alice", homeserver: URL? = MatrixTestServer.homeserver) throws {
        guard let homeserver else { throw MatrixPairError.noServer }
        self.homeserver = homeserver
        backend = MatrixBackend(
            configuration: MatrixConfiguration(homeserver: homeserver, namespace: namespace),
            storageDirectory: directory.url.appendingPathComponent(user))
        session = try MatrixTestServer.createPerson(user, on: backend).get()
        services = backend.makeServices()
    }

    /// Our user's id.
    var me: String { session.user.id.rawValue }
    /// Our user's access token.
    var token: String { session.tokens.accessToken }

    /// A foreign client registered in this world's namespace.
    func foreign(_ name: String) throws -> ForeignClient {
        try ForeignClient.register("\(namespace).\(name)", on: homeserver)
    }

    /// A like (or pass) of our user on `candidate`, waiting for the answer.
    func swipe(_ action: SwipeAction, on candidate: String, id: String = "s-\(UUID().uuidString)")
        -> Result<SwipeOutcome, ServiceError>
    {
        backend.await {
            services.discovery.sendSwipe(
                Swipe(id: id, candidate: UserID(candidate), action: action, swipedAt: Date()),
                accessToken: token,
                completion: $0)
        }
    }

    /// Our user and `other` matched in `other`'s room (they invite, our user likes back); answers the
    /// room and the conversation id.
    func match(with other: ForeignClient) throws -> (room: String, conversation: String) {
        let room = try other.createRoom(invite: [me])
        guard case .success(.matched) = swipe(.like, on: other.userID) else {
            throw MatrixPairError.step("no match with \(other.userID)")
        }
        return (room, Match.id(between: session.user.id, and: UserID(other.userID)))
    }

    /// The rooms `client` is invited to, with who invited them.
    static func invites(of client: ForeignClient) throws -> [String: String] {
        let rooms = (try client.sync()["rooms"] as? [String: Any])?["invite"] as? [String: Any] ?? [:]
        var invites: [String: String] = [:]
        for (room, value) in rooms {
            let events =
                ((value as? [String: Any])?["invite_state"] as? [String: Any])?["events"] as? [[String: Any]]
            let invite = events?.first {
                $0["type"] as? String == "m.room.member" && $0["state_key"] as? String == client.userID
            }
            if let sender = invite?["sender"] as? String { invites[room] = sender }
        }
        return invites
    }

    /// The texts of the messages among `events`, in order.
    static func texts(_ events: [ChatEvent]) -> [String] {
        events.compactMap { event -> String? in
            if case .messageReceived(let message) = event { message.text } else { nil }
        }
    }
}
