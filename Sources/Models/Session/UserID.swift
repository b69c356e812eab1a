/// The stable identifier of a user account.
///
/// Opaque to the engine: the embedded backend uses short names (`alice`), a Matrix backend uses
/// full user ids (`@alice:localhost`).
public struct UserID: Hashable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier as the backend spells it.
    public let rawValue: String

    /// Wraps a backend's identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal identifier, for tests and fixtures.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw identifier.
    public var description: String { rawValue }

    /// Decodes from a bare string.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes as a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension UserID: Comparable {
    /// Orders ids by their text (as the backend spells them).
    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.rawValue < rhs.rawValue }
}
