/// The fields of a copy-on-write value (a summary's or a conversation's match), kept in one shared
/// box (``CopyOnWriteBox``).
///
/// ``DeckState``, ``Candidate``, ``ConversationState``, ``Message`` and ``ChatListState`` hold their
/// box directly instead, with getters other modules inline and plain setters (`ChatListState`: an
/// inlinable `_modify`, so its lists change in place): a property's `_modify` nested in this one's ran
/// two coroutines whose frames held a copy of the fields, allocated on every change.
///
/// Copying the value copies one reference; two values that share the box are equal at once
/// (``sharesStorage(with:)``); a change copies the box first when another value shares it, then
/// edits it in place. Reads project the field asked for out of the box without copying the rest.
struct CopyOnWrite<Fields: Sendable>: Sendable {
    private var box: CopyOnWriteBox<Fields>

    /// A box holding `fields`.
    init(_ fields: Fields) { box = CopyOnWriteBox(fields) }

    /// The fields: read in place, changed after copying the box if it is shared.
    var fields: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.fields) }
            yield &box.fields
        }
    }

    /// Whether both values hold the very same box (and so the same fields).
    func sharesStorage(with other: CopyOnWrite) -> Bool { box === other.box }
}

// Without this, a boxed value (a message's texts, a match) describes itself as the box's type name:
// its fields would be missing from logs, test failures and the benchmark's record of answers.
extension CopyOnWrite: CustomDebugStringConvertible {
    /// The fields, described as they would be unboxed.
    var debugDescription: String { String(reflecting: fields) }
}
