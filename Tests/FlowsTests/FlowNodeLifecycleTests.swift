import Contexts
import Flows
import Testing

/// `end()` ends a flow's children first, the newest first, then the contexts it owns, and takes it
/// off the tree; `start()` is the flow's own.
@MainActor
@Suite struct FlowNodeLifecycleTests {
    final class Log {
        var lines: [String] = []
    }

    /// A context that writes its end into a log.
    final class LoggingContext: StateContext {
        let store = StateStore(0)
        let name: String
        let log: Log

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }

        func end() { log.lines.append("\(name) ended") }
    }

    /// A flow that owns one context and writes its start into the log.
    final class LoggingFlow: FlowNode {
        let log: Log

        init(_ name: String, log: Log) {
            self.log = log
            super.init(name: name)
            own(LoggingContext("\(name)'s context", log: log))
        }

        override func start() { log.lines.append("\(name) started") }
    }

    @Test func ending_endsChildrenNewestFirst_thenOwnContexts_andLeavesTheTree() {
        let log = Log()
        let root = FlowNode(name: "Root")
        let parent = LoggingFlow("Parent", log: log)
        parent.own(LoggingContext("Parent's second context", log: log))
        let first = LoggingFlow("First", log: log)
        let second = LoggingFlow("Second", log: log)
        let grandchild = LoggingFlow("Grandchild", log: log)
        root.attach(parent)
        parent.attach(first)
        parent.attach(second)
        first.attach(grandchild)
        for flow in [parent, first, second, grandchild] { flow.start() }
        log.lines = []
        parent.end()
        #expect(
            log.lines == [
                "Second's context ended", "Grandchild's context ended", "First's context ended",
                "Parent's second context ended", "Parent's context ended",
            ])
        #expect(root.children.isEmpty)
        #expect(parent.parent == nil && parent.children.isEmpty && first.children.isEmpty)
    }

    @Test func endingTwice_endsEachContextOnce() {
        let log = Log()
        let root = FlowNode(name: "Root")
        let flow = LoggingFlow("Flow", log: log)
        root.attach(flow)
        flow.end()
        flow.end()
        #expect(log.lines == ["Flow's context ended"])
    }

    @Test func endingOneChild_leavesItsSiblingsInOrder() {
        let log = Log()
        let root = FlowNode(name: "Root")
        let children = ["A", "B", "C"].map { LoggingFlow($0, log: log) }
        for child in children { root.attach(child) }
        children[1].end()
        #expect(root.children.map(\.name) == ["A", "C"])
        #expect(log.lines == ["B's context ended"])
    }
}
