import Models

/// The other person is typing.
public struct Typing: Hashable, Sendable, Codable {
    /// Their name.
    public var name: String

    /// Creates the indicator for `name`.
    public init(name: String) { self.name = name }

    /// "Name is typing…".
    public var text: String { "\(name) is typing…" }
}
