import Flows
import GenericScreens
import Models

/// Every screen-to-screen move a headless front end made, with the flow that made it, checked
/// against the flows' declarations (``Flows/FlowGraph/check(_:)``) as it happens; and every screen
/// shown checked against the contract front ends rely on (``checkIDs(of:alert:)``).
///
/// A ``HeadlessDriver`` keeps one log across relaunches; ``errors`` stays empty in a correct engine,
/// and ``untakenTransitions`` lists the declared transitions no move took.
@MainActor
public final class ScreenMoveLog {
    /// The moves, oldest first.
    public private(set) var moves: [ScreenMove] = []
    /// What was wrong with undeclared moves and screens that break the contract, one line each,
    /// oldest first.
    public private(set) var errors: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Records and checks a move; returns what is wrong with it, if anything.
    @discardableResult
    public func record(_ move: ScreenMove) -> String? {
        moves.append(move)
        let problem = FlowGraph.check(move)
        if let problem { errors.append(problem) }
        return problem
    }

    /// Checks that `screen`, with the alert shown over it, names each action and each field once
    /// (front ends name them by id); returns what is wrong, if anything, and records it.
    @discardableResult
    public func checkIDs(of screen: Screen, alert: ScreenAlert?) -> String? {
        let actions = (screen.actions + (alert?.actions ?? [])).map(\.id.rawValue)
        let fields = screen.fields.map(\.id.rawValue)
        let repeated = Self.repeated(actions) + Self.repeated(fields)
        guard !repeated.isEmpty else { return nil }
        let problem = "screen \(screen.id) names \(repeated.joined(separator: ", ")) more than once"
        errors.append(problem)
        return problem
    }

    /// Checks the table between the typed values shown and their generic form: every action and
    /// field of the value on top (and of the alert) reads back as a typed action that the table
    /// names with the same id; returns what is wrong, if anything, and records it.
    @discardableResult
    public func checkTable(of shown: ShownScreens, generic view: ViewState) -> String? {
        var unmapped: [String] = []
        if let alert = shown.alert, let generic = view.alert {
            for action in generic.actions where alert.action(for: .tap(action.id))?.intent != .tap(action.id)
            {
                unmapped.append(action.id.rawValue)
            }
        }
        if let top = view.top {
            let read: (Intent) -> AppAction? =
                if let modal = shown.modals.last { modal.action(for:) } else if let screen = shown.stack.last
                {
                    screen.action(for:)
                } else { { _ in nil } }
            let intents =
                top.actions.map { Intent.tap($0.id) } + top.fields.map { Intent.edit($0.id, $0.value) }
            for intent in intents where read(intent)?.intent != intent { unmapped.append("\(intent)") }
        }
        guard !unmapped.isEmpty else { return nil }
        let problem =
            "screen \(view.top.map(\.id.rawValue) ?? "none") shows \(unmapped.joined(separator: ", ")), which its table does not map back"
        errors.append(problem)
        return problem
    }

    private static func repeated(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for id in ids where !seen.insert(id).inserted && !repeated.contains(id) { repeated.append(id) }
        return repeated
    }

    /// The declared transitions no recorded move took.
    public var untakenTransitions: [FlowGraph.DeclaredTransition] { FlowGraph.untaken(by: moves) }
}
