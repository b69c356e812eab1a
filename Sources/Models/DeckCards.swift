/// The deck's cards, top first: an array-like collection, indexed from 0, that shares its storage
/// with earlier snapshots of the deck.
///
/// Taking the top card off (``removeFirst()``) copies nothing: the cards left are the same storage
/// seen from one position further on, so a swipe costs the same whatever the number of cards, and
/// reading the cards (``DeckState/cards``) costs one reference count. `Array(cards)` makes an array
/// of them.
public struct DeckCards: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline var slice: ArraySlice<Candidate>

    /// The cards of an array, in its order.
    public init(_ cards: [Candidate]) { slice = cards[...] }

    /// The cards listed, in order.
    public init(arrayLiteral cards: Candidate...) { self.init(cards) }

    /// The top card's position: always 0.
    @inlinable public var startIndex: Int { 0 }

    /// The position after the last card: the number of cards.
    @inlinable public var endIndex: Int { slice.count }

    /// The card at `position` from the top (0 is the top card).
    @inlinable public subscript(position: Int) -> Candidate { slice[slice.startIndex + position] }

    /// Takes the top card off, in O(1); the deck must not be empty.
    @inlinable @discardableResult
    public mutating func removeFirst() -> Candidate { slice.removeFirst() }

    /// Puts `card` on top.
    @inlinable public mutating func insertFirst(_ card: Candidate) {
        slice.insert(card, at: slice.startIndex)
    }

    /// Whether both hold the same cards in the same order; shared storage answers at once.
    public static func == (lhs: DeckCards, rhs: DeckCards) -> Bool { lhs.slice == rhs.slice }

    /// Hashes the cards in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(slice) }
}
