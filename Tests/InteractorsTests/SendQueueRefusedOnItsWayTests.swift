import Foundation
import Interactors
import Models
import Testing

/// An item refused for good while on its way (its conversation ended) stays refused, whatever
/// failure its late answer brings.
@Suite struct SendQueueRefusedOnItsWayTests {
    let now = Date(timeIntervalSince1970: 1_000)

    func sendingQueue() -> SendQueue<OutgoingMessage> {
        var queue = SendQueue<OutgoingMessage>()
        queue.enqueue(OutgoingMessage(id: "tx-1", conversation: "m-a~b", text: "hi", createdAt: now))
        queue.saved(["tx-1"])
        _ = queue.take(dependency: { _ in .settled })
        return queue
    }

    @Test(arguments: [
        ServiceError.server("boom"), .rateLimited(retryAfterSeconds: 30), .networkUnavailable,
        .rejected("This match has ended."),
    ])
    func aLateFailure_leavesItRefusedWithItsReason_andNeverRetried(_ error: ServiceError) throws {
        var queue = sendingQueue()
        queue.refuse("tx-1", reason: "You are no longer matched")
        #expect(queue.failed("tx-1", with: error, at: now) == .refuse(reason: "You are no longer matched"))
        let entry = try #require(queue.entries.first)
        #expect(entry.state == .failed(reason: "You are no longer matched", retryable: false))
        #expect(entry.retryAt == nil)
        #expect(queue.take(dependency: { _ in .settled }).isEmpty)
    }

    @Test func anItemStillOnItsWay_isRetriedAsBefore() {
        var queue = sendingQueue()
        #expect(queue.failed("tx-1", with: .server("boom"), at: now) == .retry(reason: "boom"))
    }
}
