import Contexts
import Flows
import Foundation
import Models
import Services

/// Checks, with weak references and no timers, that what an ended session or process held is gone:
/// the deterministic version of a leak detector.
///
/// After each action a ``HeadlessDriver`` calls ``check(live:after:)`` with the live flow tree. Every
/// flow seen in a tree, and every context and ``Contexts/SessionScope`` such a flow holds, is watched
/// weakly; once it is no longer reachable from the live tree (its flow was detached, the session
/// ended, the process was terminated) it must have been released by the end of the action. What is
/// still allocated is reported once, by type and the flow that held it, with the action's name. A
/// scope's ``Contexts/SessionScheduler`` is watched too: a timer of an ended session, still pending,
/// keeps it allocated.
@MainActor
public final class LifecycleWatch {
    private struct Watched {
        weak var object: AnyObject?
        let name: String
    }

    /// A flow in the tree and what it holds, read once.
    private struct Held {
        weak var node: FlowNode?
        let objects: [Watched]
    }

    private var watched: [ObjectIdentifier: Watched] = [:]
    /// What each flow of the tree at the last check holds.
    private var held: [ObjectIdentifier: Held] = [:]
    private var signedInUser: UserID?
    /// What was left behind, one line per action that left something, oldest first.
    public private(set) var errors: [String] = []

    /// Creates a watch with nothing watched.
    public init() {}

    /// Reports the watched objects no longer reachable from `roots` that are still allocated, then
    /// watches every object reachable now; returns the report, or `nil` when nothing was left.
    @discardableResult
    public func check(live roots: [FlowNode], after step: String) -> String? {
        let live = reachable(from: roots)
        watched = watched.filter { $0.value.object != nil }
        let left = watched.filter { live[$0.key] == nil }
        for id in left.keys { watched[id] = nil }
        for (id, entry) in live where watched[id] == nil {
            watched[id] = Watched(object: entry.object, name: entry.name)
        }
        guard !left.isEmpty else { return nil }
        let report =
            "still allocated after \(step): " + left.values.map(\.name).sorted().joined(separator: ", ")
        errors.append(report)
        return report
    }

    /// After a logout (the session signed out with ``Models/SignedOutReason/loggedOut``), reports a
    /// stored session or a folder of the user's data (``Services/FileUserDataStore``) still on disk;
    /// returns the report, or `nil` when nothing was left.
    @discardableResult
    public func checkFiles(of state: SessionPhase?, services: AppServices?, after step: String) -> String? {
        let user = signedInUser
        switch state {
        case .signedIn(let details): signedInUser = details.user.id
        case .signedOut: signedInUser = nil
        case .idle, .restoring, nil: break
        }
        guard let user, case .signedOut(reason: .loggedOut, _) = state, let services else { return nil }
        var left: [String] = []
        if (try? services.sessionStore.load()) != nil { left.append("the stored session") }
        if let files = services.userData as? FileUserDataStore,
            FileManager.default.fileExists(atPath: files.location(of: user).path)
        {
            left.append("\(user)'s data folder \(files.location(of: user).lastPathComponent)")
        }
        guard !left.isEmpty else { return nil }
        let report = "left on disk after \(user) logged out (\(step)): " + left.joined(separator: ", ")
        errors.append(report)
        return report
    }

    /// Every flow below `roots` and every context or session scope a flow holds, with its name.
    ///
    /// A flow's contexts and scopes are read (by reflection) once, when the flow is first seen, and
    /// kept weakly while it stays in the tree: flows hold them in `let` properties, set when the flow
    /// is made. Reflecting every flow after every action took most of `discover explore`'s time.
    func reachable(from roots: [FlowNode]) -> [ObjectIdentifier: (object: AnyObject, name: String)] {
        var found: [ObjectIdentifier: (object: AnyObject, name: String)] = [:]
        var seen: [ObjectIdentifier: Held] = [:]
        var nodes = roots
        while let node = nodes.popLast() {
            let id = ObjectIdentifier(node)
            found[id] = (node, node.name)
            nodes.append(contentsOf: node.children)
            let entry: Held
            if let cached = held[id], cached.node === node {
                entry = cached
            } else {
                let objects = Self.heldObjects(of: node).map { object in
                    Watched(object: object, name: "\(type(of: object)) (of \(node.name))")
                }
                entry = Held(node: node, objects: objects)
            }
            seen[id] = entry
            for watched in entry.objects {
                guard let object = watched.object, found[ObjectIdentifier(object)] == nil else { continue }
                found[ObjectIdentifier(object)] = (object, watched.name)
            }
        }
        held = seen
        return found
    }

    /// The contexts, session scopes and their clocks among a flow's stored properties (optionals
    /// unwrapped).
    private static func heldObjects(of node: FlowNode) -> [AnyObject] {
        var objects: [AnyObject] = []
        var mirror: Mirror? = Mirror(reflecting: node)
        while let current = mirror, current.subjectType != FlowNode.self {
            for child in current.children {
                guard let value = unwrapped(child.value) else { continue }
                if let context = value as? any StateContext { objects.append(context) }
                if let scope = value as? SessionScope { objects += [scope, scope.scheduler] }
            }
            mirror = current.superclassMirror
        }
        return objects
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}
