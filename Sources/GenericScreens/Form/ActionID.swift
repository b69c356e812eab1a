import Models

/// The identity of a tappable action on a screen or alert.
public struct ActionID: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The action's identity.
    public let rawValue: String

    /// Wraps an identity.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identity as its JSON form spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal identity.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The action's identity.
    public var description: String { rawValue }
}
