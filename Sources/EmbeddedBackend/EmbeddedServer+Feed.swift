import Foundation
import Models

/// The live feed across a network drop: while the network is down each subscription's events wait
/// on the server, and when it returns the feed resumes from where it stopped, as a Matrix `/sync`
/// resumes from its `since` token.
extension EmbeddedServer {
    /// The network came back: every subscription gets the events it missed, oldest first, and what
    /// waited for its people is marked delivered (their senders told).
    func resumeFeeds(in state: inout State, now: Date) {
        let backlogs = state.chat.backlogs
        state.chat.backlogs = [:]
        let listeners = state.chat.subscribers.filter { !$0.value.isEmpty }
        for (_, handlers) in listeners.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for (id, handler) in handlers.sorted(by: { $0.key < $1.key }) {
                for event in Self.catchingUp(backlogs[id] ?? []) { deliver(event, to: handler, in: state) }
            }
        }
        for user in listeners.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            deliverWaiting(in: &state, to: user, now: now)
        }
    }

    /// A new subscription of `user` starts where their device's last one stopped: with the events it
    /// never got (``ChatServerState/undelivered``), sent now or, offline, when the network returns;
    /// online, what waited for the user is marked delivered.
    func resumeFeed(
        _ id: UInt64, of user: UserID, with handler: @escaping ChatServerState.Subscriber,
        in state: inout State,
        now: Date
    ) {
        let missed = state.chat.undelivered.removeValue(forKey: user) ?? []
        if state.isNetworkDown {
            if !missed.isEmpty { state.chat.backlogs[id] = missed }
            return
        }
        for event in Self.catchingUp(missed) { deliver(event, to: handler, in: state) }
        deliverWaiting(in: &state, to: user, now: now)
    }

    /// Keeps what a cancelled subscription of `user` never got for their next one; of two cancelled
    /// alike, the one that missed more (it listened longer, so its events include the other's).
    static func keepUndelivered(_ backlog: [ChatEvent]?, of user: UserID, in state: inout State) {
        guard let backlog, backlog.count > state.chat.undelivered[user]?.count ?? 0 else { return }
        state.chat.undelivered[user] = backlog
    }

    /// Marks every conversation of `user` delivered to them up to its last message (a device of theirs
    /// is listening), telling each sender.
    func deliverWaiting(in state: inout State, to user: UserID, now: Date) {
        let conversations = state.discovery.matches.filter {
            $0.value.first == user || $0.value.second == user
        }
        for conversation in conversations.keys.sorted() {
            deliver(in: &state, conversation: conversation, to: user, now: now)
        }
    }

    /// What a subscription gets of the events it missed: all of them in order, except typing, which
    /// went stale while nobody listened: each conversation that had some gets one "stopped" at the end.
    static func catchingUp(_ missed: [ChatEvent]) -> [ChatEvent] {
        var caughtUp: [ChatEvent] = []
        var typed: [String] = []
        for event in missed {
            switch event {
            case .typing(let conversation, _):
                if !typed.contains(conversation) { typed.append(conversation) }
            case .messageReceived, .messageRemoved, .delivered, .read, .matched, .unmatched:
                caughtUp.append(event)
            }
        }
        return caughtUp + typed.map { ChatEvent.typing(conversation: $0, isTyping: false) }
    }
}
