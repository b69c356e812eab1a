import Contexts
import Flows

/// The toy use case of section 1: a counter with two buttons, written with the engine's parts.
///
/// A tap goes to the flow (``ToyFlow``), which tells its context (``ToyContext``), which changes its
/// state in its `StateStore`; the store tells the observers. Nothing else happens: what is measured
/// is the machinery itself.
enum Toy {
    /// The two buttons.
    enum Button: Sendable {
        case plus
        case minus
    }

    /// The state: the count and the last button tapped.
    struct State: Equatable, Sendable {
        var count = 0
        var last: Button?
    }
}

/// The toy's context: its state in a `StateStore`, changed by `update`.
@MainActor
final class ToyContext: StateContext {
    let store = StateStore(Toy.State())

    /// Call when the toy ends: nothing runs on its own.
    func end() {}

    /// Call when the count goes up.
    func increment() {
        store.update { state in
            state.count += 1
            state.last = .plus
        }
    }

    /// Call when the count goes down.
    func decrement() {
        store.update { state in
            state.count -= 1
            state.last = .minus
        }
    }
}

/// The toy's flow: a node of the flow tree that turns taps into calls on its context.
@MainActor
final class ToyFlow: FlowNode {
    let context: ToyContext

    init(context: ToyContext) {
        self.context = context
        super.init(name: "ToyFlow")
    }

    /// Handles a tap.
    func tapped(_ button: Toy.Button) {
        switch button {
        case .plus: context.increment()
        case .minus: context.decrement()
        }
    }
}

/// The toy written by hand, the floor of section 1: a final class, a switch and closure observers.
@MainActor
final class ToyFloor {
    private(set) var state = Toy.State()
    /// Told after every tap.
    var observers: [(Toy.State) -> Void] = []

    /// Handles a tap.
    func tapped(_ button: Toy.Button) {
        switch button {
        case .plus:
            state.count += 1
            state.last = .plus
        case .minus:
            state.count -= 1
            state.last = .minus
        }
        for observer in observers { observer(state) }
    }
}

/// What the observers of both sides add to, so their work cannot be left out.
@MainActor
final class Sink {
    var total = 0
}
