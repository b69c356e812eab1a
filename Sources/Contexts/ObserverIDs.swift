/// The ids of the callbacks an ``ObserverRegistry`` list holds, in the list's order: a callback's
/// index is the number of ids before its own.
///
/// Ids only grow and a removal keeps the order, so those below 64 are bits of one word and the rest
/// an array after them. Nearly every list is given fewer than 64 callbacks in its life, and an
/// array of ids was an allocation for each list observed.
@usableFromInline
struct ObserverIDs: Sendable {
    @usableFromInline var first: UInt64 = 0
    @usableFromInline var later: [UInt64] = []

    /// No ids.
    @inlinable init() {}

    /// Adds `id`, greater than every id added before.
    @inlinable
    mutating func append(_ id: UInt64) {
        if id < 64 { first |= 1 << id } else { later.append(id) }
    }

    /// Takes `id` out; its index in the list, or `nil` when it is not there.
    @inlinable
    mutating func remove(_ id: UInt64) -> Int? {
        if id < 64 {
            let bit: UInt64 = 1 << id
            guard first & bit != 0 else { return nil }
            first &= ~bit
            return (first & (bit &- 1)).nonzeroBitCount
        }
        guard let index = later.firstIndex(of: id) else { return nil }
        later.remove(at: index)
        return first.nonzeroBitCount + index
    }
}
