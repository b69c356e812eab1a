import Foundation
import Models

/// How the chat's events reach people's devices: to their subscription handlers after the server's
/// latency, or held while the knob holds events, or twice while the knob duplicates them.
extension EmbeddedServer {
    /// Sends `event` to `user`'s devices (see ``emit(in:to:_:via:)``).
    func emit(in state: inout State, to user: UserID, _ event: ChatEvent) {
        emit(in: &state, to: user, event, via: state.chat.subscribers[user])
    }

    /// ``emit(in:to:_:)`` with the user's subscription handlers found beforehand: sent to them now, or
    /// held while the knob holds events (and then sent to whoever listens when they are let go).
    func emit(
        in state: inout State, to user: UserID, _ event: ChatEvent,
        via handlers: ChatServerState.Handlers?
    ) {
        if state.chat.holdEvents > 0 { return hold(event, for: user, in: &state) }
        send(event, via: handlers, after: state.latency, twice: state.chat.duplicateEvents)
    }

    /// Holds an event while the knob holds events; the last one held lets them all go, newest first.
    private func hold(_ event: ChatEvent, for user: UserID, in state: inout State) {
        state.chat.heldEvents.append((user, event))
        state.chat.holdEvents -= 1
        guard state.chat.holdEvents == 0 else { return }
        let held = state.chat.heldEvents.reversed()
        state.chat.heldEvents = []
        for (recipient, heldEvent) in held {
            send(
                heldEvent, via: state.chat.subscribers[recipient], after: state.latency,
                twice: state.chat.duplicateEvents)
        }
    }

    /// Sends an event to a user's subscription handlers (found beforehand) after `latency`, `twice`
    /// when the knob duplicates events.
    private func send(
        _ event: ChatEvent, via handlers: ChatServerState.Handlers?, after latency: Duration, twice: Bool
    ) {
        guard let handlers, !handlers.isEmpty else { return }
        let copies = twice ? 2 : 1
        for handler in handlers.values {
            for _ in 0..<copies { scheduler.deliver(after: latency) { handler(event) } }
        }
    }
}
