import Foundation
import MatrixBackend
import Services
import Synchronization
import Testing

/// The homeserver as a device on Matrix sees it: unreachable from a request that found no network,
/// reachable again once the live feed caught up (or, with no feed, once a probe reached the server);
/// the waiting work then runs once, oldest first, each piece after the calls of the one before.
@MainActor
@Suite struct MatrixNetworkMonitorTests {
    let scheduler = VirtualScheduler(now: Date(timeIntervalSince1970: 0))
    let probes = Probes()
    let busy = Busy()

    /// The probe's script: how many times it was asked, and what it answers.
    final class Probes: Sendable {
        private let state = Mutex((asked: 0, reaches: false))
        var asked: Int { state.withLock { $0.asked } }
        var reaches: Bool {
            get { state.withLock { $0.reaches } }
            set { state.withLock { $0.reaches = newValue } }
        }
        func answer(_ reply: @Sendable (Bool) -> Void) {
            let reached = state.withLock { state in
                state.asked += 1
                return state.reaches
            }
            reply(reached)
        }
    }

    /// Whether the connection has calls in flight.
    final class Busy: Sendable {
        private let state = Mutex(false)
        var value: Bool {
            get { state.withLock { $0 } }
            set { state.withLock { $0 = newValue } }
        }
    }

    final class Log {
        var lines: [String] = []
    }

    private func makeMonitor() -> MatrixNetworkMonitor {
        let probes = probes
        let busy = busy
        return MatrixNetworkMonitor(
            scheduler: scheduler, probe: { probes.answer($0) }, isBusy: { busy.value })
    }

    @Test func untilARequestFindsNoNetwork_itIsReachable_andWorkRunsAtOnce() {
        let monitor = makeMonitor()
        let log = Log()
        #expect(monitor.isReachable)
        monitor.whenReachable { log.lines.append("ran") }
        scheduler.runDue()
        #expect(log.lines == ["ran"])
        #expect(probes.asked == 0)
    }

    @Test func withAFeedRunning_workWaitsForTheFeedToCatchUp_notForAProbe_thenRunsOnceInOrder() {
        let monitor = makeMonitor()
        let log = Log()
        monitor.feedStarted()
        monitor.requestFoundNoNetwork()
        #expect(!monitor.isReachable)
        monitor.whenReachable { log.lines.append("first") }
        let cancelled = monitor.whenReachable { log.lines.append("cancelled") }
        monitor.whenReachable { log.lines.append("second") }
        cancelled.cancel()
        probes.reaches = true
        scheduler.advance(by: .seconds(60))
        #expect(log.lines.isEmpty)
        #expect(probes.asked == 0)
        #expect(!monitor.isReachable)
        monitor.feedReachedServer()
        #expect(monitor.isReachable)
        #expect(log.lines == ["first", "second"])
        monitor.feedReachedServer()
        scheduler.advance(by: .seconds(60))
        #expect(log.lines == ["first", "second"])
    }

    @Test func withNoFeed_itProbesWithAGrowingPause_andTheFirstAnswerMakesItReachable() {
        let monitor = makeMonitor()
        let log = Log()
        monitor.requestFoundNoNetwork()
        monitor.requestFoundNoNetwork()
        monitor.whenReachable { log.lines.append("ran") }
        scheduler.advance(by: .milliseconds(499))
        #expect(probes.asked == 0)
        scheduler.advance(by: .milliseconds(1))
        #expect(probes.asked == 1)
        // 0.5 s, then 1, 2, 4 and 5 s pauses: one probe at a time.
        scheduler.advance(by: .seconds(1))
        #expect(probes.asked == 2)
        scheduler.advance(by: .seconds(2 + 4 + 5))
        #expect(probes.asked == 5)
        scheduler.advance(by: .seconds(5))
        #expect(probes.asked == 6)
        #expect(log.lines.isEmpty)
        probes.reaches = true
        scheduler.advance(by: .seconds(5))
        #expect(probes.asked == 7)
        #expect(monitor.isReachable)
        #expect(log.lines == ["ran"])
        scheduler.advance(by: .seconds(60))
        #expect(probes.asked == 7)
    }

    @Test func aFeedStartingWhileItProbes_takesOver_andAFeedEndingWhileOffline_startsTheProbe() {
        let monitor = makeMonitor()
        let log = Log()
        monitor.requestFoundNoNetwork()
        monitor.whenReachable { log.lines.append("ran") }
        monitor.feedStarted()
        probes.reaches = true
        scheduler.advance(by: .seconds(60))
        #expect(probes.asked == 0)
        #expect(log.lines.isEmpty)
        monitor.feedEnded()
        scheduler.advance(by: .seconds(1))
        #expect(probes.asked == 1)
        #expect(log.lines == ["ran"])
    }

    @Test func eachWaitingPieceRuns_afterTheCallsTheOneBeforeStarted_areAnswered() {
        let monitor = makeMonitor()
        let log = Log()
        let busy = busy
        monitor.feedStarted()
        monitor.requestFoundNoNetwork()
        monitor.whenReachable {
            log.lines.append("list asked again")
            busy.value = true
        }
        monitor.whenReachable { log.lines.append("message sent again") }
        monitor.feedReachedServer()
        #expect(log.lines == ["list asked again"])
        // Work asked for meanwhile waits behind it too.
        monitor.whenReachable { log.lines.append("swipe sent again") }
        scheduler.runDue()
        #expect(log.lines == ["list asked again"])
        busy.value = false
        monitor.requestsSettled()
        #expect(log.lines == ["list asked again", "message sent again", "swipe sent again"])
    }

    @Test func goingOfflineAgainBeforeAWaiterRuns_keepsItWaiting() {
        let monitor = makeMonitor()
        let log = Log()
        let busy = busy
        monitor.feedStarted()
        monitor.requestFoundNoNetwork()
        monitor.whenReachable {
            log.lines.append("first")
            busy.value = true
        }
        monitor.whenReachable { log.lines.append("second") }
        monitor.feedReachedServer()
        monitor.requestFoundNoNetwork()
        busy.value = false
        monitor.requestsSettled()
        #expect(log.lines == ["first"])
        monitor.feedReachedServer()
        #expect(log.lines == ["first", "second"])
    }

    @Test func theProbesPause_growsFromHalfASecond_toFiveSeconds() {
        let pauses = (0..<7).map { MatrixNetworkMonitor.probeDelay(attempt: $0) }
        #expect(
            pauses == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5),
                .seconds(5),
            ])
    }
}
