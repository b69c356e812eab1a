/// The shared box holding a copy-on-write value's fields (``CopyOnWrite``'s, and ``DeckState``'s,
/// ``Candidate``'s and ``ConversationState``'s, which read it from inlined code).
///
/// Written only while uniquely referenced: its owner checks `isKnownUniquelyReferenced` before every
/// write and puts the fields in a new box first when another value shares this one. So sharing a box
/// between threads is safe, and an access never overlaps another (each is a single read or write of
/// one field, none spans a call out) — which is why the run-time exclusivity check is left out.
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
