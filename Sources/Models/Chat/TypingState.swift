import Foundation

/// Where the user's typing in a conversation is, as the typing debounce decides it.
public struct TypingState: Hashable, Sendable {
    /// Whether "typing" was sent and "stopped" not yet.
    public var isTyping = false
    /// The last keystroke.
    public var lastKeystroke: Date?

    /// Not typing.
    public init() {}

    /// Typing as given.
    public init(isTyping: Bool, lastKeystroke: Date?) {
        self.isTyping = isTyping
        self.lastKeystroke = lastKeystroke
    }
}
