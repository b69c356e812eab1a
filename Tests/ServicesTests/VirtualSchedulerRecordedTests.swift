import Foundation
import Models
import Services
import Testing

@MainActor
@Suite struct VirtualSchedulerRecordedTests {
    let start = Date(timeIntervalSince1970: 1_000)

    final class Log {
        var lines: [String] = []
    }

    /// A scheduler that only records what it is asked to schedule: for the protocol's default.
    final class RecordingScheduler: Scheduler, @unchecked Sendable {
        // @unchecked: used from one test on the main actor only.
        var delays: [Duration] = []
        var works: [ScheduledWork] = []
        var now: Date { Date(timeIntervalSince1970: 0) }

        func schedule(after delay: Duration, _ work: @escaping ScheduledWork) -> ScheduledTask {
            delays.append(delay)
            works.append(work)
            return ScheduledTask {}
        }
    }

    @Test func deliveredRecorded_tellsTheCompletion_inDueOrder_tiesInTheOrderQueued() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.deliverRecorded(after: .seconds(1)) { result in
            log.lines.append(result == .success(.recorded) ? "recorded1" : "other")
        }
        scheduler.deliver(after: .seconds(1)) { log.lines.append("d1") }
        scheduler.deliverRecorded(after: .zero) { _ in log.lines.append("recorded0") }
        scheduler.deliverSuccess(after: .zero) { _ in log.lines.append("success0") }
        scheduler.schedule(after: .zero) { log.lines.append("s0") }
        #expect(scheduler.pendingCount == 5)
        #expect(scheduler.nextDueDate == start)
        scheduler.runDue()
        #expect(log.lines == ["recorded0", "success0", "s0"])
        #expect(scheduler.runUntilIdle())
        #expect(log.lines == ["recorded0", "success0", "s0", "recorded1", "d1"])
        #expect(scheduler.now == start + 1)
    }

    @Test func defaultDeliverRecorded_schedulesTheRecordedAnswerWithItsDelay() {
        let scheduler = RecordingScheduler()
        let log = Log()
        scheduler.deliverRecorded(after: .seconds(2)) { result in
            log.lines.append(result == .success(.recorded) ? "recorded" : "other")
        }
        #expect(scheduler.delays == [.seconds(2)])
        for work in scheduler.works { work() }
        #expect(log.lines == ["recorded"])
    }
}
