/// One interest a user can pick during profile set-up.
///
/// Equal when the names are. Interests are compared often (each card's with the viewer's, to rank a
/// page and to show what a card shares), and most comparisons are of two different names: a digest
/// of the name's bytes, made once, tells most of those apart without comparing the strings.
public struct Interest: Hashable, Codable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The interest's display name, also its identity.
    public let name: String
    /// A digest of the name's bytes when they are all ASCII (never 0), or 0 for any other name.
    ///
    /// Two ASCII names are equal strings exactly when their bytes are, so different digests of two
    /// ASCII names mean different names. A name with other characters may equal a differently
    /// spelled one (the same text composed otherwise): it gets 0, and is always compared as a string.
    @usableFromInline let digest: UInt64

    /// Wraps a name; use ``Interest/catalog`` for the ones users may pick.
    public init(_ name: String) {
        self.name = name
        digest = Self.digest(of: name)
    }

    /// The display name.
    public var description: String { name }

    /// The name alone, as the interest is reflected (in a card's or a page's description): the
    /// digest is the name's, nothing of its own.
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }

    /// Every interest a user may pick, in display order.
    public static let catalog: [Interest] = [
        "Hiking", "Cooking", "Music", "Travel", "Books", "Films", "Running", "Art", "Games", "Yoga",
        "Coffee", "Dogs",
    ].map(Interest.init)

    /// The most interests one profile may list.
    public static let maximumPerProfile = 5

    /// Whether two interests have the same name: told by the digests when they differ and both are
    /// ASCII names', by comparing the names otherwise.
    @inlinable
    public static func == (lhs: Interest, rhs: Interest) -> Bool {
        if lhs.digest != rhs.digest, lhs.digest != 0, rhs.digest != 0 { return false }
        return lhs.name == rhs.name
    }

    /// Hashes the name (the digest is made from it: equal names have equal digests).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// Encodes as a bare string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Decodes from a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The digest of `name` (see ``digest``): FNV-1a of its bytes with the lowest bit set, or 0 when
    /// a byte is not ASCII.
    static func digest(of name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            guard byte < 0x80 else { return 0 }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash | 1
    }
}
