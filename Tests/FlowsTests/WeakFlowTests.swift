import Testing

@testable import Flows

/// The flows' weak holder behaves as a `[weak self]` capture: it reads the flow while it lives, does
/// not keep it alive, and reads `nil` once it is gone.
@MainActor
@Suite struct WeakFlowTests {
    private final class Flow {}

    @Test func readsTheFlowWhileItLivesAndNilOnceItIsReleased() {
        var flow: Flow? = Flow()
        let holder = WeakFlow(flow)
        #expect(holder.flow === flow)
        flow = nil
        #expect(holder.flow == nil)
    }

    @Test func holdsNothingUntilSetAndDoesNotKeepTheFlowAlive() {
        let holder = WeakFlow<Flow>()
        #expect(holder.flow == nil)
        var flow: Flow? = Flow()
        holder.flow = flow
        #expect(holder.flow === flow)
        flow = nil
        #expect(holder.flow == nil)
    }
}
