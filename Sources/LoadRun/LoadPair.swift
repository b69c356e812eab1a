/// Two people of a load run, by index, the smaller first.
public struct LoadPair: Hashable, Codable, Sendable, Comparable {
    /// The smaller index.
    public let first: Int
    /// The larger index.
    public let second: Int

    /// The pair of `one` and `other`, in either order.
    public init(_ one: Int, _ other: Int) {
        first = min(one, other)
        second = max(one, other)
    }

    /// The one of the two who is not `person`.
    public func other(than person: Int) -> Int { person == first ? second : first }

    /// Orders pairs by their first, then their second index.
    public static func < (lhs: LoadPair, rhs: LoadPair) -> Bool {
        (lhs.first, lhs.second) < (rhs.first, rhs.second)
    }
}
