/// The shared box holding a copy-on-write value's fields (``CopyOnWrite``'s, and ``DeckState``'s,
/// ``Candidate``'s and ``ConversationState``'s, which read it from inlined code).
///
/// Written only while uniquely referenced: its owner checks `isKnownUniquelyReferenced` before every
/// write and puts the fields in a new box first when another value shares this one. So sharing a box
/// between threads is safe, and the run-time exclusivity check is left out: a box that is written is
/// reachable only through its one owning value, whose own accesses the compiler checks statically, so
/// two accesses to its fields can never overlap (this holds for `CopyOnWrite.fields`'s `_modify` too,
/// which yields the fields across its caller's code).
@usableFromInline final class CopyOnWriteBox<Fields: Sendable>: @unchecked Sendable {
    /// The fields; read in place, written only by the box's only owner.
    @exclusivity(unchecked) @usableFromInline var fields: Fields

    /// A box holding `fields`.
    @usableFromInline init(_ fields: Fields) { self.fields = fields }
}

// Without this a boxed value (a card, a message, a deck) describes itself as the box's type name: its
// fields would be missing from logs, test failures and the benchmark's record of answers.
extension CopyOnWriteBox: CustomDebugStringConvertible {
    /// The fields, described as they would be unboxed.
    @usableFromInline var debugDescription: String { String(reflecting: fields) }
}
