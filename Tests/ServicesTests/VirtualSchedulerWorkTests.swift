import Foundation
import Models
import Services
import TestSupport
import Testing

/// What moving the virtual clock costs: the work that falls due, never the time covered; and the work
/// limit that stops a timer re-arming itself for ever.
@MainActor
@Suite struct VirtualSchedulerWorkTests {
    let start = Date(timeIntervalSince1970: 1_000)
    static let day: Int64 = 24 * 3600

    final class Log {
        var times: [TimeInterval] = []
    }

    @Test func aYearWithOneTimer_costsOnePieceOfWork_andEndsAtTheTarget() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.schedule(after: .seconds(200 * Self.day)) {
            log.times.append(scheduler.now.timeIntervalSince(self.start))
        }
        scheduler.advance(by: .seconds(366 * Self.day))
        #expect(log.times == [TimeInterval(200 * Self.day)])
        #expect(scheduler.workRun == 1)
        #expect(scheduler.now == start.addingTimeInterval(TimeInterval(366 * Self.day)))
        scheduler.advance(by: .seconds(366 * Self.day))
        #expect(scheduler.workRun == 1)
    }

    @Test func advance_jumpsFromDueTimeToDueTime_inOrder_countingOnlyTheWorkRun() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        // Due times spread over a year, scheduled out of order (a fixed pseudo-random sequence).
        var seed: UInt64 = 7
        var dues: [Int64] = []
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            dues.append(Int64(seed >> 33) % (365 * Self.day))
        }
        for due in dues {
            scheduler.schedule(after: .seconds(due)) {
                log.times.append(scheduler.now.timeIntervalSince(self.start))
            }
        }
        let cancelled = scheduler.schedule(after: .seconds(10)) { log.times.append(-1) }
        cancelled.cancel()
        scheduler.advance(by: .seconds(366 * Self.day))
        #expect(log.times == dues.sorted().map(TimeInterval.init))
        #expect(scheduler.workRun == dues.count)
    }

    @Test func aTimerReArmingItself_runsOncePerPeriod_notPerTick() {
        let scheduler = VirtualScheduler(now: start)
        ReArmingTimer.arm(on: scheduler, every: .seconds(60))
        scheduler.advance(by: .seconds(Self.day))
        #expect(scheduler.workRun == 24 * 60)
        #expect(scheduler.isOverWorkLimit == false)
    }

    @Test func theWorkLimit_stopsAOneMillisecondTimer_inAYearLongAdvance_atTheLastWorkRun() {
        let scheduler = VirtualScheduler(now: start)
        scheduler.workLimit = 1_000
        ReArmingTimer.arm(on: scheduler, every: .milliseconds(1))
        scheduler.advance(by: .seconds(366 * Self.day))
        #expect(scheduler.workRun == 1_000)
        #expect(scheduler.isOverWorkLimit)
        #expect(abs(scheduler.now.timeIntervalSince(start) - 1) < 1e-3)
        #expect(scheduler.pendingCount == 1)
    }

    @Test func theWorkLimit_stopsZeroDelayWork_inRunDue_andRunUntilIdle() {
        let scheduler = VirtualScheduler(now: start)
        scheduler.workLimit = 50
        ReArmingTimer.arm(on: scheduler)
        scheduler.runDue()
        #expect(scheduler.workRun == 50)
        #expect(scheduler.isOverWorkLimit)
        #expect(scheduler.now == start)
        #expect(!scheduler.runUntilIdle())
        #expect(scheduler.workRun == 50)
    }

    @Test func reachingTheLimitExactly_withNothingMoreDue_isNotOverIt() {
        let scheduler = VirtualScheduler(now: start)
        scheduler.workLimit = 2
        scheduler.schedule(after: .seconds(1)) {}
        scheduler.schedule(after: .seconds(2)) {}
        scheduler.schedule(after: .seconds(10)) {}
        scheduler.advance(by: .seconds(5))
        #expect(scheduler.workRun == 2)
        #expect(!scheduler.isOverWorkLimit)
        #expect(scheduler.now == start + 5)
        scheduler.advance(by: .seconds(5))
        #expect(scheduler.isOverWorkLimit)
        #expect(scheduler.now == start + 5)
    }
}
