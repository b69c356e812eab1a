import Foundation
import Models

/// How the chat's events reach people's devices: to their subscription handlers after the server's
/// latency, or kept for them while the network is down (see `EmbeddedServer+Feed.swift`), or held
/// while the knob holds events, or twice while the knob duplicates them.
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
        send(event, via: handlers, in: &state)
    }

    /// Holds an event while the knob holds events; the last one held lets them all go, newest first.
    private func hold(_ event: ChatEvent, for user: UserID, in state: inout State) {
        state.chat.heldEvents.append((user, event))
        state.chat.holdEvents -= 1
        guard state.chat.holdEvents == 0 else { return }
        let held = state.chat.heldEvents.reversed()
        state.chat.heldEvents = []
        for (recipient, heldEvent) in held {
            send(heldEvent, via: state.chat.subscribers[recipient], in: &state)
        }
    }

    /// Sends an event to a user's subscription handlers (found beforehand) after the latency, twice
    /// when the knob duplicates events; while the network is down, each subscription keeps it for
    /// when the network returns instead.
    private func send(_ event: ChatEvent, via handlers: ChatServerState.Handlers?, in state: inout State) {
        guard let handlers, !handlers.isEmpty else { return }
        if state.isNetworkDown {
            for id in handlers.keys { state.chat.backlogs[id, default: []].append(event) }
            return
        }
        for (_, handler) in handlers.sorted(by: { $0.key < $1.key }) {
            deliver(event, to: handler, in: state)
        }
    }

    /// Sends one event to one subscription handler after the latency, twice when the knob duplicates
    /// events.
    func deliver(_ event: ChatEvent, to handler: @escaping ChatServerState.Subscriber, in state: State) {
        let copies = state.chat.duplicateEvents ? 2 : 1
        for _ in 0..<copies { release(after: state.latency) { handler(event) } }
    }
}
