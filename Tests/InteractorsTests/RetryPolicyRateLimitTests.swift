import Foundation
import Interactors
import Models
import Testing

/// A retry after a rate limit never comes before the wait the server asked for.
@Suite struct RetryPolicyRateLimitTests {
    @Test func aRateLimit_waitsItsWait_whenLongerThanTheBackOff() {
        #expect(RetryPolicy.delay(after: .rateLimited(retryAfterSeconds: 90), attempt: 1) == .seconds(90))
        #expect(RetryPolicy.delay(after: .rateLimited(retryAfterSeconds: 600), attempt: 8) == .seconds(600))
    }

    @Test func aShortRateLimit_andOtherErrors_waitTheBackOff() {
        #expect(RetryPolicy.delay(after: .rateLimited(retryAfterSeconds: 1), attempt: 3) == .seconds(8))
        #expect(RetryPolicy.delay(after: .server("boom"), attempt: 1) == .seconds(2))
        #expect(RetryPolicy.delay(after: .networkUnavailable, attempt: 10) == .seconds(60))
    }

    @Test func aQueuedItemRateLimited_isDueAfterTheWait() throws {
        let now = Date(timeIntervalSince1970: 1_000)
        var queue = SendQueue<OutgoingMessage>()
        queue.enqueue(OutgoingMessage(id: "tx-1", conversation: "m-a~b", text: "hi", createdAt: now))
        queue.saved(["tx-1"])
        #expect(queue.take(dependency: { _ in .settled }).map(\.id) == ["tx-1"])
        let verdict = queue.failed("tx-1", with: .rateLimited(retryAfterSeconds: 90), at: now)
        #expect(verdict == .retry(reason: "Too many requests"))
        let entry = try #require(queue.entries.first)
        #expect(entry.retryAt == now + 90)
    }
}
