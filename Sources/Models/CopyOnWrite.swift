/// The fields of a copy-on-write value (``DeckState``, ``ConversationState``, ``Candidate``, a
/// ``Message``'s texts), kept in one shared box.
///
/// Copying the value copies one reference; two values that share the box are equal at once
/// (``sharesStorage(with:)``); a change copies the box first when another value shares it, then
/// edits it in place. Reads project the field asked for out of the box without copying the rest.
struct CopyOnWrite<Fields: Sendable>: Sendable {
    // Mutated only while uniquely referenced (see `fields`), so sharing it between threads is safe,
    // and an access never overlaps another (the owner's own accesses are checked statically).
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// A box holding `fields`.
    init(_ fields: Fields) { box = Box(fields) }

    /// The fields: read in place, changed after copying the box if it is shared.
    var fields: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// Whether both values hold the very same box (and so the same fields).
    func sharesStorage(with other: CopyOnWrite) -> Bool { box === other.box }
}

// Without this, a boxed value (a card, a message, a deck) describes itself as the box's type name:
// its fields would be missing from logs, test failures and the benchmark's record of answers.
extension CopyOnWrite: CustomDebugStringConvertible {
    /// The fields, described as they would be unboxed.
    var debugDescription: String { String(reflecting: fields) }
}
