import EmbeddedBackend
import Foundation
import Services
import Testing

/// The embedded network as a device sees it: work waiting for the network runs once, in order, when
/// the `network down` knob is cleared, and nothing runs while it stays down.
@MainActor
@Suite struct EmbeddedNetworkMonitorTests {
    let scheduler: VirtualScheduler
    let server: EmbeddedServer

    init() {
        scheduler = VirtualScheduler(now: Date(timeIntervalSince1970: 0))
        server = EmbeddedServer(scheduler: scheduler)
    }

    final class Log {
        var lines: [String] = []
        var later: ScheduledTask?
    }

    @Test func whileTheNetworkIsUp_workRunsAtOnce_throughTheScheduler() {
        let monitor = EmbeddedNetworkMonitor(server: server)
        let log = Log()
        #expect(monitor.isReachable)
        monitor.whenReachable { log.lines.append("ran") }
        #expect(log.lines.isEmpty)
        scheduler.runDue()
        #expect(log.lines == ["ran"])
    }

    @Test func whileItIsDown_nothingRunsForAYear_thenEachWaiterRunsOnce_inOrder_whenItComesBack() {
        let monitor = EmbeddedNetworkMonitor(server: server)
        let log = Log()
        server.isNetworkDown = true
        #expect(!monitor.isReachable)
        monitor.whenReachable { log.lines.append("first") }
        let cancelled = monitor.whenReachable { log.lines.append("cancelled") }
        monitor.whenReachable { log.lines.append("second") }
        cancelled.cancel()
        scheduler.advance(by: .seconds(366 * 24 * 3600))
        #expect(log.lines.isEmpty)
        #expect(scheduler.workRun == 0)
        server.isNetworkDown = false
        scheduler.runDue()
        #expect(log.lines == ["first", "second"])
        server.isNetworkDown = false
        scheduler.advance(by: .seconds(60))
        #expect(log.lines == ["first", "second"])
    }

    @Test func aWaiterCancelledByAnEarlierOne_orTheNetworkDroppingAgainFirst_doesNotRun() {
        let monitor = EmbeddedNetworkMonitor(server: server)
        let log = Log()
        server.isNetworkDown = true
        monitor.whenReachable {
            log.lines.append("first")
            log.later?.cancel()
        }
        log.later = monitor.whenReachable { log.lines.append("later") }
        monitor.whenReachable { log.lines.append("third") }
        server.isNetworkDown = false
        server.isNetworkDown = true
        scheduler.runDue()
        #expect(log.lines.isEmpty)
        server.isNetworkDown = false
        scheduler.runDue()
        #expect(log.lines == ["first", "third"])
    }
}
