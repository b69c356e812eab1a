import Foundation
import Services
import Testing

@MainActor
@Suite struct VirtualSchedulerDeliveryTests {
    let start = Date(timeIntervalSince1970: 1_000)

    final class Log {
        var lines: [String] = []
    }

    /// A scheduler that only records what it is asked to schedule: for the protocol's default.
    final class RecordingScheduler: Scheduler, @unchecked Sendable {
        // @unchecked: used from one test on the main actor only.
        var delays: [Duration] = []
        var now: Date { Date(timeIntervalSince1970: 0) }

        func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
            delays.append(delay)
            return ScheduledTask {}
        }
    }

    @Test func deliveredWork_runsInDueOrder_tiesInTheOrderQueued_withScheduledWork() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.deliver(after: .seconds(2)) {
            log.lines.append("d2@\(scheduler.now.timeIntervalSince1970)")
        }
        scheduler.schedule(after: .seconds(1)) { log.lines.append("s1") }
        scheduler.deliver(after: .seconds(1)) { log.lines.append("d1") }
        scheduler.schedule(after: .seconds(2)) { log.lines.append("s2") }
        scheduler.deliver(after: .zero) { log.lines.append("d0") }
        #expect(scheduler.pendingCount == 5)
        scheduler.runDue()
        #expect(log.lines == ["d0"])
        #expect(scheduler.now == start)
        scheduler.advance(by: .seconds(3))
        #expect(log.lines == ["d0", "s1", "d1", "d2@1002.0", "s2"])
        #expect(scheduler.now == start + 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func deliveredWork_isCountedAndDue_andRunsWhenCancelledWorkAroundItDoesNot() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        let cancelled = scheduler.schedule(after: .seconds(1)) { log.lines.append("cancelled") }
        scheduler.deliver(after: .seconds(1)) { log.lines.append("delivered") }
        cancelled.cancel()
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.nextDueDate == start + 1)
        #expect(scheduler.runUntilIdle())
        #expect(log.lines == ["delivered"])
    }

    @Test func zeroAndNegativeDelays_areDueNow_fractionalOnesAtTheirTime() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.schedule(after: .milliseconds(-5)) { log.lines.append("negative") }
        scheduler.deliver(after: .milliseconds(1500)) { log.lines.append("later") }
        scheduler.deliver(after: .zero) { log.lines.append("zero") }
        #expect(scheduler.nextDueDate == start)
        scheduler.runDue()
        #expect(log.lines == ["negative", "zero"])
        scheduler.advance(by: .milliseconds(1499))
        #expect(log.lines == ["negative", "zero"])
        scheduler.advance(by: .milliseconds(1))
        #expect(log.lines == ["negative", "zero", "later"])
        #expect(scheduler.now == start + 1.5)
    }

    @Test func defaultDeliver_schedulesTheWorkWithItsDelay() {
        let scheduler = RecordingScheduler()
        scheduler.deliver(after: .seconds(3)) {}
        #expect(scheduler.delays == [.seconds(3)])
    }
}
