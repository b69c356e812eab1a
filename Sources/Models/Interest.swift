/// One interest a user can pick during profile set-up.
///
/// Two interests are equal when their names are (as strings: the same text composed differently is
/// the same name). An interest is encoded as its bare name.
public struct Interest: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The interest's display name, also its identity.
    public let name: String

    /// Wraps a name; use ``Interest/catalog`` for the ones users may pick.
    public init(_ name: String) {
        self.name = name
    }

    /// The display name.
    public var description: String { name }

    /// Every interest a user may pick, in display order.
    public static let catalog: [Interest] = [
        "Hiking", "Cooking", "Music", "Travel", "Books", "Films", "Running", "Art", "Games", "Yoga",
        "Coffee", "Dogs",
    ].map(Interest.init)

    /// The most interests one profile may list.
    public static let maximumPerProfile = 5

    /// Decodes from a bare string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
