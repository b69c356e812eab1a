import Interactors
import Models
import Testing

/// The send queue's rules: order per lane, no head-of-line blocking across lanes, dependencies,
/// bounded retries and final refusals.
@Suite struct SendQueuePolicyTests {
    func entry(
        _ id: String, _ lane: String, _ state: SendState = .waiting, dependsOn: String? = nil,
        backingOff: Bool = false
    ) -> SendQueuePolicy.Entry {
        SendQueuePolicy.Entry(
            id: id, lane: lane, dependsOn: dependsOn, state: state, isBackingOff: backingOff)
    }

    @Test func aFailureBackingOff_holdsUpOnlyItsLane_andAFailureGivenUp_stepsAside() {
        let entries = [
            entry("a1", "a", .failed(reason: "x", retryable: true), backingOff: true), entry("a2", "a"),
            entry("b1", "b", .failed(reason: "x", retryable: true)), entry("b2", "b"), entry("c1", "c"),
        ]
        #expect(SendQueuePolicy.ready(entries) { _ in .settled } == ["b2", "c1"])
    }

    @Test func aLanesTurn_isDecidedByItsHead_sentAndSteppedAsideItemsPass() {
        let settled: (String) -> SendQueuePolicy.Dependency = { _ in .settled }
        #expect(SendQueuePolicy.turn(of: entry("a", "x", .sent), dependency: settled) == .passes)
        #expect(
            SendQueuePolicy.turn(
                of: entry("a", "x", .failed(reason: "r", retryable: true)), dependency: settled)
                == .passes)
        #expect(
            SendQueuePolicy.turn(
                of: entry("a", "x", .failed(reason: "r", retryable: true), backingOff: true),
                dependency: settled)
                == .holds)
        #expect(SendQueuePolicy.turn(of: entry("a", "x", .sending), dependency: settled) == .holds)
        #expect(SendQueuePolicy.turn(of: entry("a", "x"), dependency: settled) == .goes)
        #expect(
            SendQueuePolicy.turn(of: entry("a", "x", dependsOn: "s"), dependency: { _ in .pending }) == .holds
        )
        #expect(
            SendQueuePolicy.orphanReason(
                of: entry("a", "x", dependsOn: "s"), dependency: { _ in .refused("No") })
                == "No")
        #expect(SendQueuePolicy.orphanReason(of: entry("a", "x"), dependency: { _ in .refused("No") }) == nil)
    }

    @Test func anItemWaitsForWhatItDependsOn_andFailsWithItsReasonWhenThatIsRefused() {
        let entries = [entry("m1", "chat", dependsOn: "swipe-1"), entry("m2", "chat")]
        #expect(SendQueuePolicy.ready(entries) { _ in .pending }.isEmpty)
        #expect(SendQueuePolicy.ready(entries) { _ in .settled } == ["m1"])
        let orphaned = SendQueuePolicy.orphaned(entries) { _ in .refused("Out of likes") }
        #expect(orphaned.map(\.id) == ["m1"])
        #expect(orphaned.map(\.reason) == ["Out of likes"])
    }

    @Test func serverFaults_areRetriedUpToTheBound_refusalsAreFinal_offlineWaitsWithoutEnd() {
        #expect(SendQueuePolicy.verdict(after: .server("boom"), attempt: 1) == .retry(reason: "boom"))
        #expect(
            SendQueuePolicy.verdict(after: .malformedResponse("?"), attempt: SendQueuePolicy.maximumAttempts)
                == .giveUp(reason: "?"))
        #expect(
            SendQueuePolicy.verdict(after: .rejected("Not matched"), attempt: 1)
                == .refuse(reason: "Not matched"))
        #expect(
            SendQueuePolicy.verdict(after: .networkUnavailable, attempt: 1000)
                == .retry(reason: "No connection"))
    }
}
