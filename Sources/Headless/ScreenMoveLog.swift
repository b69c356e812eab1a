import Flows
import Models

/// Every screen-to-screen move a headless front end made, with the flow that made it, checked
/// against the flows' declarations (``Flows/FlowGraph/check(_:)``) as it happens.
///
/// A ``HeadlessDriver`` keeps one log across relaunches; ``errors`` stays empty in a correct engine,
/// and ``untakenTransitions`` lists the declared transitions no move took.
@MainActor
public final class ScreenMoveLog {
    /// The moves, oldest first.
    public private(set) var moves: [ScreenMove] = []
    /// What was wrong with undeclared moves, one line each, oldest first.
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

    /// The declared transitions no recorded move took.
    public var untakenTransitions: [FlowGraph.DeclaredTransition] { FlowGraph.untaken(by: moves) }
}
