/// A node of the flow tree: a parent, children, the errors it handles and the events it hears.
///
/// Errors raised anywhere travel **up** to the nearest node that handles their type; errors nobody
/// handles reach the root and are kept in ``unhandledErrors``, never lost. Events broadcast from a
/// node travel **down** to every node below (and the node itself) that subscribed to their type. Any
/// node prints the live tree with ``treeDescription()``.
@MainActor
open class FlowNode {
    /// A handler of one error type, with the type kept for the printed tree.
    private struct ErrorHandler {
        let type: any Error.Type
        let handle: @MainActor (any Error) -> Bool
    }

    /// A handler of one event type, with the type kept for the printed tree.
    private struct EventHandler {
        let type: Any.Type
        let handle: @MainActor (Any) -> Void
    }

    /// The node's name in the tree.
    public let name: String
    /// The node above, if attached.
    public private(set) weak var parent: FlowNode?
    /// The nodes below, in the order attached.
    public private(set) var children: [FlowNode] = []
    /// Errors that reached this node as the root with no handler on the way, oldest first.
    public private(set) var unhandledErrors: [any Error] = []
    /// Called with each error that reaches this node as the root unhandled.
    public var onUnhandledError: (@MainActor (any Error) -> Void)?

    private var errorHandlers: [ErrorHandler] = []
    private var eventHandlers: [EventHandler] = []

    /// Creates a detached node.
    public init(name: String) { self.name = name }

    /// A one-line summary of the node's context state, shown in the tree; `nil` for none.
    open var stateSummary: String? { nil }

    /// The topmost node above this one (itself when detached).
    public var root: FlowNode {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// Attaches `child` below this node, detaching it from any former parent.
    public func attach(_ child: FlowNode) {
        child.detachFromParent()
        child.parent = self
        children.append(child)
    }

    /// Detaches this node (and its subtree) from its parent.
    public func detachFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Detaches the nodes below this one of type `type` (with their subtrees).
    public func detachChildren<Node: FlowNode>(ofType type: Node.Type) {
        for child in children where child is Node { child.parent = nil }
        children.removeAll { $0 is Node }
    }

    /// Handles errors of type `type` raised at or below this node.
    public func handle<E: Error>(_ type: E.Type, _ handler: @escaping @MainActor (E) -> Void) {
        errorHandlers.append(
            ErrorHandler(type: type) { error in
                guard let typed = error as? E else { return false }
                handler(typed)
                return true
            })
    }

    /// Hears events of type `type` broadcast at or above this node.
    public func subscribe<Event>(to type: Event.Type, _ handler: @escaping @MainActor (Event) -> Void) {
        eventHandlers.append(
            EventHandler(type: type) { event in
                if let typed = event as? Event { handler(typed) }
            })
    }

    /// Sends `error` up from this node to the nearest handler of its type; the root keeps it if none.
    public func raise(_ error: any Error) {
        var node: FlowNode? = self
        while let current = node {
            for handler in current.errorHandlers where handler.handle(error) { return }
            node = current.parent
        }
        let root = root
        root.unhandledErrors.append(error)
        root.onUnhandledError?(error)
    }

    /// Sends `event` to this node and every node below that subscribed to its type, parents first.
    public func broadcast<Event>(_ event: Event) {
        for handler in eventHandlers { handler.handle(event) }
        for child in children { child.broadcast(event) }
    }

    /// The subtree from this node as indented text: name, state summary, handled errors, heard events.
    public func treeDescription() -> String {
        var lines: [String] = []
        describe(into: &lines, prefix: "", childPrefix: "")
        return lines.joined(separator: "\n")
    }

    private func describe(into lines: inout [String], prefix: String, childPrefix: String) {
        var line = prefix + name
        if let summary = stateSummary { line += " [\(summary)]" }
        if !errorHandlers.isEmpty {
            line += " handles: " + errorHandlers.map { String(describing: $0.type) }.joined(separator: ", ")
        }
        if !eventHandlers.isEmpty {
            line += " hears: " + eventHandlers.map { String(describing: $0.type) }.joined(separator: ", ")
        }
        lines.append(line)
        for (index, child) in children.enumerated() {
            let isLast = index == children.count - 1
            child.describe(
                into: &lines, prefix: childPrefix + (isLast ? "└─ " : "├─ "),
                childPrefix: childPrefix + (isLast ? "   " : "│  "))
        }
    }
}

// DELETE AT MERGE: the type-erased form and the capacity hint, kept only while MainFlow (DECK) still
// calls them in this branch; flows use the typed `subscribe(to:_:)`.
extension FlowNode {
    /// Hears every event broadcast at or above this node; `type` is what the tree shows.
    func subscribeEvents(of type: Any.Type, _ handler: @escaping @MainActor (Any) -> Void) {
        eventHandlers.append(EventHandler(type: type, handle: handler))
    }

    /// Does nothing: children are a plain array.
    func reserveChildren(_ count: Int) {}
}
