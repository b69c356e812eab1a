import Foundation
import Models

/// When to tell the other person the user is typing, and how long their "typing" lasts.
///
/// "typing" goes out once, on the first keystroke; "stopped" goes out after ``stopAfter`` without a
/// keystroke (debounced on the scheduler), or when the message is sent. The other person's "typing"
/// expires after ``othersExpireAfter`` unless renewed.
public enum TypingPolicy {
    /// Quiet time after the last keystroke before "stopped" is sent.
    public static let stopAfter: Duration = .seconds(3)
    /// How long the other person's "typing" shows without a renewal.
    public static let othersExpireAfter: Duration = .seconds(5)

    /// The user's typing, as the policy tracks it.
    /// Where the user's typing is: ``Models/TypingState``.
    public typealias State = TypingState

    /// A keystroke at `now`: the new state, and whether to send "typing".
    public static func keystroke(_ state: State, at now: Date) -> (State, sendTyping: Bool) {
        (State(isTyping: true, lastKeystroke: now), !state.isTyping)
    }

    /// How long a check at `now` comes too early: the time left until "stopped" is due, in whole
    /// milliseconds rounded up; `nil` when it is due or the user is not typing.
    ///
    /// A check scheduled at one keystroke and run after later ones waits this long again (rounded up,
    /// so that the next check is never early by a rounding of the clock).
    public static func wait(_ state: State, at now: Date) -> Duration? {
        guard state.isTyping, let last = state.lastKeystroke else { return nil }
        let left = stopAfter.timeInterval - now.timeIntervalSince(last)
        guard left > 0 else { return nil }
        return .milliseconds(Int64((left * 1_000).rounded(.up)))
    }

    /// A check at `now`: the new state, and whether to send "stopped".
    public static func check(_ state: State, at now: Date) -> (State, sendStopped: Bool) {
        guard state.isTyping, let last = state.lastKeystroke,
            now.timeIntervalSince(last) >= stopAfter.timeInterval
        else {
            return (state, false)
        }
        return (State(), true)
    }
}
