import Foundation
import MatrixBackend
import Models
import Services
import TestSupport
import Testing

/// A message into a match the other person ended is refused, not sent, on a live Synapse (which
/// itself would accept it: the sender is still in the room).
@MainActor
@Suite(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
struct MatrixRefusalTests {
    @Test func aMessageAfterTheOtherPersonLeft_isRefusedAsAnEndedMatch_andNeverReachesTheRoom() throws {
        let world = try MatrixMembershipWorld()
        let bob = try world.foreign("bob")
        let (room, conversation) = try world.match(with: bob)
        #expect(send("Before", in: conversation, world: world).map(\.text) == .success("Before"))

        // Bob leaves; our user's client has not heard (no live feed runs here).
        try bob.leave(room)
        #expect(send("After", in: conversation, world: world).map(\.text) == .failure(.matchEnded))
        // Asked again, with the room forgotten: the conversation is no longer among the user's rooms.
        #expect(send("Again", in: conversation, world: world).map(\.text) == .failure(.matchEnded))

        let http = world.backend.connection.http
        let scheduler = world.backend.scheduler
        let token = world.token
        let page = try world.backend.await { (completion: @escaping ServiceCompletion<JSONValue>) in
            // Off the main actor, which the wait keeps busy pumping.
            Task.detached {
                let result: Result<JSONValue, ServiceError>
                do throws(ServiceError) {
                    result = .success(
                        try await http.send(
                            .get, ["rooms", room, "messages"], query: ["dir": "b", "limit": "50"],
                            accessToken: token))
                } catch {
                    result = .failure(error)
                }
                scheduler.schedule { completion(result) }
            }
        }.get()
        let bodies = (page["chunk"]?.arrayValue ?? []).compactMap { $0["content"]?["body"]?.stringValue }
        #expect(bodies == ["Before"], "nothing sent after Bob left")
    }

    private func send(_ text: String, in conversation: String, world: MatrixMembershipWorld)
        -> Result<Message, ServiceError>
    {
        let message = OutgoingMessage(
            id: "m-\(UUID().uuidString)", conversation: conversation, text: text, createdAt: Date())
        return world.backend.await {
            world.services.chat.sendMessage(message, accessToken: world.token, completion: $0)
        }
    }
}
