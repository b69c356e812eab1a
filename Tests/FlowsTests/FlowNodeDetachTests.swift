import Flows
import Testing

/// `detachChildren(ofType:)` takes off the children of one type and leaves the rest.
@MainActor
@Suite struct FlowNodeDetachTests {
    final class Screenful: FlowNode {}

    @Test func detachChildrenOfAType_detachesThoseOnly_keepingTheOthersInOrder() {
        let root = FlowNode(name: "Root")
        let first = Screenful(name: "First")
        let plain = FlowNode(name: "Plain")
        let second = Screenful(name: "Second")
        let last = FlowNode(name: "Last")
        for node in [first, plain, second, last] { root.attach(node) }
        root.detachChildren(ofType: Screenful.self)
        #expect(root.children.map(\.name) == ["Plain", "Last"])
        #expect(first.parent == nil && second.parent == nil)
        #expect(plain.parent === root && last.parent === root)
    }

    @Test func detachChildrenOfTheBaseType_detachesEveryChild() {
        let root = FlowNode(name: "Root")
        let children = [FlowNode(name: "A"), Screenful(name: "B"), FlowNode(name: "C")]
        for child in children { root.attach(child) }
        root.detachChildren(ofType: FlowNode.self)
        #expect(root.children.isEmpty)
        #expect(children.allSatisfy { $0.parent == nil })
        #expect(root.treeDescription() == "Root")
    }
}
