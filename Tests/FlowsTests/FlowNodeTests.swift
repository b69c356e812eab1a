import Flows
import Testing

@MainActor
@Suite struct FlowNodeTests {
    struct Expired: Error {}
    struct Offline: Error {}
    struct Ping: Equatable { let value: Int }
    struct Other {}

    final class Log {
        var lines: [String] = []
    }

    func tree(_ log: Log) -> (root: FlowNode, middle: FlowNode, leaf: FlowNode, sibling: FlowNode) {
        let root = FlowNode(name: "Root")
        let middle = FlowNode(name: "Middle")
        let leaf = FlowNode(name: "Leaf")
        let sibling = FlowNode(name: "Sibling")
        root.attach(middle)
        middle.attach(leaf)
        root.attach(sibling)
        root.handle(Expired.self) { _ in log.lines.append("root handled Expired") }
        middle.handle(Expired.self) { _ in log.lines.append("middle handled Expired") }
        sibling.handle(Offline.self) { _ in log.lines.append("sibling handled Offline") }
        return (root, middle, leaf, sibling)
    }

    @Test func errors_travelUpToTheNearestHandlerOfTheirType() {
        let log = Log()
        let nodes = tree(log)
        nodes.leaf.raise(Expired())
        nodes.sibling.raise(Expired())
        #expect(log.lines == ["middle handled Expired", "root handled Expired"])
        #expect(nodes.root.unhandledErrors.isEmpty)
    }

    @Test func errorsNobodyHandles_areKeptAtTheRoot_andReported() {
        let log = Log()
        let nodes = tree(log)
        nodes.root.onUnhandledError = { log.lines.append("unhandled \(type(of: $0))") }
        nodes.leaf.raise(Offline())
        #expect(log.lines == ["unhandled Offline"])
        #expect(nodes.root.unhandledErrors.count == 1)
        #expect(nodes.root.unhandledErrors.first is Offline)
    }

    @Test func events_travelDownToEverySubscriberBelow_parentsFirst() {
        let log = Log()
        let nodes = tree(log)
        nodes.root.subscribe(to: Ping.self) { log.lines.append("root \($0.value)") }
        nodes.leaf.subscribe(to: Ping.self) { log.lines.append("leaf \($0.value)") }
        nodes.sibling.subscribe(to: Ping.self) { log.lines.append("sibling \($0.value)") }
        nodes.middle.subscribe(to: Other.self) { _ in log.lines.append("middle heard Other") }
        nodes.root.broadcast(Ping(value: 1))
        nodes.middle.broadcast(Ping(value: 2))
        #expect(log.lines == ["root 1", "leaf 1", "sibling 1", "leaf 2"])
    }

    @Test func endedNodes_neitherHearEventsNorReachOldParents() {
        let log = Log()
        let nodes = tree(log)
        nodes.leaf.subscribe(to: Ping.self) { _ in log.lines.append("leaf heard") }
        nodes.leaf.end()
        nodes.root.broadcast(Ping(value: 1))
        nodes.leaf.raise(Expired())
        #expect(log.lines.isEmpty)
        #expect(nodes.leaf.unhandledErrors.count == 1)
        #expect(nodes.middle.children.isEmpty)
    }

    @Test func attachingElsewhere_movesTheNode() {
        let nodes = tree(Log())
        nodes.sibling.attach(nodes.leaf)
        #expect(nodes.middle.children.isEmpty)
        #expect(nodes.leaf.parent === nodes.sibling)
        #expect(nodes.leaf.root === nodes.root)
    }

    @Test func tree_printsNamesHandlersAndListeners() {
        let nodes = tree(Log())
        nodes.leaf.subscribe(to: Ping.self) { _ in }
        #expect(
            nodes.root.treeDescription() == """
                Root handles: Expired
                ├─ Middle handles: Expired
                │  └─ Leaf hears: Ping
                └─ Sibling handles: Offline
                """)
    }
}
