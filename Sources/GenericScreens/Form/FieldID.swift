import Models

/// The identity of a text field on a screen.
public struct FieldID: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The field's identity.
    public let rawValue: String

    /// Wraps an identity.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identity as its JSON form spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal identity.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The field's identity.
    public var description: String { rawValue }
}
