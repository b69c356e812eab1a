/// One interest a user can pick during profile set-up.
public struct Interest: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The interest's display name, also its identity.
    public let name: String

    /// Wraps a name; use ``Interest/catalog`` for the ones users may pick.
    public init(_ name: String) { self.name = name }

    /// The display name.
    public var description: String { name }

    /// Every interest a user may pick, in display order.
    public static let catalog: [Interest] = [
        "Hiking", "Cooking", "Music", "Travel", "Books", "Films", "Running", "Art", "Games", "Yoga",
        "Coffee", "Dogs",
    ].map(Interest.init)

    /// The most interests one profile may list.
    public static let maximumPerProfile = 5

    /// Encodes as a bare string.
    public init(from decoder: any Decoder) throws {
        self.name = try decoder.singleValueContainer().decode(String.self)
    }

    /// Decodes from a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
