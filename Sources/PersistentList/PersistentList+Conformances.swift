extension PersistentList: ExpressibleByArrayLiteral {
    /// A list of the literal's elements.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension PersistentList: Encodable where Element: Encodable {
    /// Encodes the elements as an array's.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}

extension PersistentList: Decodable where Element: Decodable {
    /// Decodes a list from an array's encoding.
    public init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }
}

extension PersistentList: Hashable where Element: Hashable {
    /// Hashes the number of elements and the elements in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension PersistentList: CustomStringConvertible {
    /// The elements, written as an array's.
    @inlinable
    public var description: String { Array(self).description }
}
