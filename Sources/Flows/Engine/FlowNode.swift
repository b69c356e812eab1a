import Contexts

/// A node of the flow tree: a parent, children, the errors it handles and the events it hears.
///
/// Lifecycle: a parent attaches a flow and calls ``start()``; ``end()`` ends the flow's children
/// first (the newest first), then the contexts it owns (``own(_:)``: their timers, feeds and
/// requests stop), then takes it off the tree. A flow that finishes on its own (Back, Cancel) tells
/// its parent through its contract, and the parent ends it.
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
    /// The contexts that end with this flow, in the order owned.
    private var ownedContexts: [any StateContext] = []
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

    /// Attaches `child` below this node, taking it from any former parent.
    public func attach(_ child: FlowNode) {
        child.detachFromParent()
        child.parent = self
        children.append(child)
    }

    /// Starts the flow: shows its first screen and watches its contexts. The base does nothing.
    open func start() {}

    /// Ends the flow: its children first (the newest first), then the contexts it owns, newest first;
    /// then it leaves the tree. Ending a flow that has ended does nothing more.
    public func end() {
        for child in children.reversed() { child.end() }
        let contexts = ownedContexts
        ownedContexts = []
        for context in contexts.reversed() { context.end() }
        detachFromParent()
    }

    /// Makes `context` end when this flow ends, and hands it back.
    @discardableResult
    public func own<Context: StateContext>(_ context: Context) -> Context {
        ownedContexts.append(context)
        return context
    }

    /// Takes this node (and its subtree) off its parent.
    private func detachFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
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
