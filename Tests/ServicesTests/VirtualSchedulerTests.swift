import Foundation
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite struct VirtualSchedulerTests {
    let start = Date(timeIntervalSince1970: 1_000)

    final class Log {
        var lines: [String] = []
    }

    @Test func work_runsOnlyWhenTimeMoves_inDueOrder_atItsDueTime() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.schedule(after: .seconds(2)) {
            log.lines.append("b@\(scheduler.now.timeIntervalSince1970)")
        }
        scheduler.schedule(after: .seconds(1)) {
            log.lines.append("a@\(scheduler.now.timeIntervalSince1970)")
        }
        scheduler.schedule(after: .seconds(2)) {
            log.lines.append("c@\(scheduler.now.timeIntervalSince1970)")
        }
        #expect(log.lines.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(log.lines == ["a@1001.0"])
        scheduler.advance(by: .seconds(5))
        #expect(log.lines == ["a@1001.0", "b@1002.0", "c@1002.0"])
        #expect(scheduler.now == start + 6)
    }

    @Test func runDue_runsZeroDelayWork_withoutMovingTheClock() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.schedule { log.lines.append("now") }
        scheduler.schedule(after: .milliseconds(1)) { log.lines.append("later") }
        scheduler.runDue()
        #expect(log.lines == ["now"])
        #expect(scheduler.now == start)
        #expect(scheduler.pendingCount == 1)
    }

    @Test func onlyZeroAndNegativeDelays_runAtOnce_andEachOtherAtItsOwnTime() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        // Durations whose attosecond count sits in either word, or both, or is negative.
        let delays: [(String, Duration)] = [
            ("zero", .zero), ("negative", .seconds(-1)), ("tiny", .milliseconds(1)),
            ("second", .seconds(1)), ("wide", .seconds(100)), ("huge", .seconds(40_000_000_000)),
            // 2^64 attoseconds: the low word zero, the high one not.
            ("edge", Duration(secondsComponent: 18, attosecondsComponent: 446_744_073_709_551_616)),
        ]
        for (name, delay) in delays { scheduler.deliver(after: delay) { log.lines.append(name) } }
        scheduler.runDue()
        #expect(log.lines == ["zero", "negative"])
        #expect(scheduler.now == start)
        scheduler.advance(by: .milliseconds(1))
        scheduler.advance(by: .seconds(1))
        #expect(log.lines == ["zero", "negative", "tiny", "second"])
        scheduler.advance(by: .seconds(99))
        #expect(log.lines.suffix(2) == ["edge", "wide"])
        scheduler.advance(by: .seconds(40_000_000_000))
        #expect(log.lines.last == "huge")
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aDelayQueuedAgain_fallsDueFromEachNow_betweenOthersAndZeroDelays() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        var expected: [(name: String, due: TimeInterval)] = []
        // The same delays again and again, from different times, with zero and other delays between.
        let delays: [Duration] = [.seconds(2), .zero, .seconds(2), .milliseconds(500), .seconds(2), .zero]
        for (number, delay) in delays.enumerated() {
            let name = "w\(number)"
            expected.append((name, scheduler.now.timeIntervalSince(start) + delay.timeInterval))
            scheduler.deliver(after: delay) { log.lines.append(name) }
            scheduler.advance(by: .milliseconds(100))
        }
        #expect(log.lines == ["w1", "w5"])
        for (name, due) in expected.sorted(by: { $0.due < $1.due }) where !log.lines.contains(name) {
            // Just before its due time it has not run; at it, it has.
            scheduler.advance(by: .seconds(due - 1e-3 - scheduler.now.timeIntervalSince(start)))
            #expect(!log.lines.contains(name), "\(name) ran early")
            scheduler.advance(by: .milliseconds(2))
            #expect(log.lines.last == name, "\(name) did not run at its time")
        }
        #expect(log.lines.count == delays.count)
    }

    @Test func workScheduledWhileAdvancing_runsIfItFallsDueBeforeTheEnd() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.schedule(after: .seconds(1)) {
            log.lines.append("first")
            scheduler.schedule(after: .seconds(1)) { log.lines.append("second") }
            scheduler.schedule(after: .seconds(10)) { log.lines.append("too late") }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log.lines == ["first", "second"])
    }

    @Test func cancelledWork_neverRuns() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        let task = scheduler.schedule(after: .seconds(1)) { log.lines.append("ran") }
        task.cancel()
        scheduler.advance(by: .seconds(2))
        #expect(log.lines.isEmpty)
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.nextDueDate == nil)
    }

    @Test func pendingCount_countsOnlyWorkStillWaiting_andALateCancelChangesNothing() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        let first = scheduler.schedule(after: .seconds(1)) { log.lines.append("first") }
        let second = scheduler.schedule(after: .seconds(2)) { log.lines.append("second") }
        scheduler.schedule(after: .seconds(3)) { log.lines.append("third") }
        #expect(scheduler.pendingCount == 3)
        second.cancel()
        second.cancel()
        #expect(scheduler.pendingCount == 2)
        scheduler.advance(by: .seconds(1))
        first.cancel()
        #expect(log.lines == ["first"])
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.nextDueDate == start + 3)
        scheduler.advance(by: .seconds(5))
        #expect(log.lines == ["first", "third"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func cancelAll_dropsTheWorkWaiting_andWhatItHolds() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        weak var held: Log?
        do {
            let captured = Log()
            held = captured
            scheduler.schedule(after: .seconds(1)) { captured.lines.append("late") }
        }
        scheduler.schedule { log.lines.append("now") }
        ReArmingTimer.arm(on: scheduler, every: .seconds(1))
        scheduler.cancelAll()
        #expect(scheduler.pendingCount == 0)
        #expect(held == nil)
        #expect(scheduler.runUntilIdle())
        #expect(log.lines.isEmpty)
        #expect(scheduler.workRun == 0)
    }

    @Test func runUntilIdle_runsEverything_andStopsARunawayTimer() {
        let scheduler = VirtualScheduler(now: start)
        let log = Log()
        scheduler.schedule(after: .seconds(60)) { log.lines.append("minute") }
        #expect(scheduler.runUntilIdle())
        #expect(log.lines == ["minute"])
        #expect(scheduler.now == start + 60)

        ReArmingTimer.arm(on: scheduler, every: .seconds(1))
        #expect(!scheduler.runUntilIdle(maximumSteps: 10))
    }

    @Test func heap_popsInOrder() {
        var heap = MinHeap<Int>()
        for value in [5, 3, 9, 1, 7, 1] { heap.push(value) }
        var popped: [Int] = []
        while let value = heap.pop() { popped.append(value) }
        #expect(popped == [1, 1, 3, 5, 7, 9])
    }

    @Test func heap_popsInOrder_throughPushesAndPopsMixed_likeASortedList() {
        // A fixed sequence of pseudo-random numbers (a linear congruential generator): the same every run.
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % 500
        }
        var heap = MinHeap<String>()
        var reference: [String] = []
        for step in 0..<2_000 {
            if step % 3 == 2 || reference.isEmpty && step % 2 == 0 {
                reference.sort()
                #expect(heap.pop() == (reference.isEmpty ? nil : reference.removeFirst()))
            } else {
                // Strings too long to be stored inline, so the heap moves values that own storage.
                let value =
                    "entry-\(next())-" + String(repeating: "x", count: 20)
                heap.push(value)
                reference.append(value)
            }
            #expect(heap.count == reference.count)
        }
        reference.sort()
        var rest: [String] = []
        while let value = heap.pop() { rest.append(value) }
        #expect(rest == reference)
    }

    @Test func heap_popIf_takesTheSmallestOnlyWhenItIsDue() {
        var heap = MinHeap<Int>()
        #expect(heap.pop(if: { _ in true }) == nil)
        for value in [4, 2, 8] { heap.push(value) }
        #expect(heap.pop(if: { $0 > 2 }) == nil)
        #expect(heap.count == 3)
        #expect(heap.pop(if: { $0 <= 4 }) == 2)
        #expect(heap.pop(if: { $0 <= 4 }) == 4)
        #expect(heap.pop(if: { $0 <= 4 }) == nil)
        #expect(heap.pop() == 8)
    }

    @Test func advance_endsAtItsTarget_withNothingDue_andNeverMovesTheClockBack() {
        let scheduler = VirtualScheduler(now: start)
        scheduler.advance(by: .seconds(2))
        #expect(scheduler.now == start + 2)
        // Work that moves the clock further itself (a nested advance) is not undone by the outer end.
        scheduler.schedule(after: .seconds(1)) { scheduler.advance(by: .seconds(10)) }
        scheduler.advance(by: .seconds(3))
        #expect(scheduler.now == start + 13)
        scheduler.advance(by: .seconds(-5))
        #expect(scheduler.now == start + 13)
        // Cancelled work due on the way neither runs nor stops the clock short of the target.
        let log = Log()
        let task = scheduler.schedule(after: .seconds(1)) { log.lines.append("cancelled") }
        scheduler.schedule(after: .seconds(2)) {
            log.lines.append("ran@\(scheduler.now.timeIntervalSince1970)")
        }
        task.cancel()
        scheduler.advance(by: .seconds(4))
        #expect(log.lines == ["ran@1015.0"])
        #expect(scheduler.now == start + 17)
    }

    @Test func now_readsTheExactDateGiven_andEachDueTimeExactly() {
        // Every date must read back unchanged, and every due time exactly.
        for seconds in [0, -1.5, 1_000.123_456_789, 1e9 + 0.1, 978_307_200.000_001] {
            let date = Date(timeIntervalSince1970: seconds)
            let scheduler = VirtualScheduler(now: date)
            #expect(scheduler.now == date)
            #expect(scheduler.now.timeIntervalSinceReferenceDate == date.timeIntervalSinceReferenceDate)
            var seen: [Date] = []
            scheduler.schedule(after: .milliseconds(1_500)) { seen.append(scheduler.now) }
            scheduler.schedule(after: .nanoseconds(1)) { seen.append(scheduler.now) }
            scheduler.advance(by: .seconds(2))
            #expect(
                seen == [
                    date.addingTimeInterval(Duration.nanoseconds(1).timeInterval),
                    date.addingTimeInterval(1.5),
                ])
            #expect(scheduler.now == date.addingTimeInterval(2))
        }
    }
}
