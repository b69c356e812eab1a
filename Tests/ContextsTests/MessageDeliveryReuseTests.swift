import EmbeddedBackend
import Foundation
import Models
import Services
import Testing

@testable import Contexts

/// The chat sends its next message with the last message's delivery only once nothing else holds it,
/// and an outbox emptied by a confirmation keeps its storage without changing what is saved.
@MainActor
@Suite struct MessageDeliveryReuseTests {
    let now = Date(timeIntervalSince1970: 1_000)

    func message(_ id: String) -> OutgoingMessage {
        OutgoingMessage(id: id, conversation: "c", text: "text " + id, createdAt: now)
    }

    func makeDelivery(_ message: OutgoingMessage) -> ChatContext.Delivery {
        ChatContext.Delivery(
            message, record: nil,
            backend: ChatContext.Backend(
                chat: EmbeddedChatService(server: EmbeddedServer(scheduler: VirtualScheduler(now: now))),
                outboxStore: nil),
            chat: WeakReference<ChatContext>(), authorizer: WeakReference<RequestAuthorizer>())
    }

    @Test func reused_onlyWhenNothingElseHoldsTheDelivery() {
        var none: ChatContext.Delivery?
        #expect(ChatContext.Delivery.reused(&none, for: message("a"), record: nil) == nil)

        var last: ChatContext.Delivery? = makeDelivery(message("a"))
        do {
            // A request or an answer still on its way holds the delivery: it keeps its message.
            let inFlight = last
            #expect(ChatContext.Delivery.reused(&last, for: message("b"), record: nil) == nil)
            #expect(inFlight?.message.id == "a")
        }

        let record = ConversationRecord(id: "c")
        let reused = ChatContext.Delivery.reused(&last, for: message("c"), record: record)
        #expect(reused != nil && reused === last)
        #expect(last?.message == message("c"))
        #expect(last?.record === record)
    }
}
