import Testing

/// Checks that each edit takes part in a value's equality and hashing: an edited copy differs from
/// `base` (both ways round), and two copies given the same edit are equal with equal hashes.
///
/// For values that compare their fields by hand (``DeckState``, ``ConversationState``, ``Message``):
/// a field left out of `==` fails here by name.
func expectEveryEditTakesPartInEquality<Value: Hashable>(
    _ base: Value, _ edits: [(String, (inout Value) -> Void)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (name, edit) in edits {
        var changed = base
        edit(&changed)
        #expect(changed != base && base != changed, "\(name)", sourceLocation: sourceLocation)
        var same = base
        edit(&same)
        #expect(changed == same, "\(name)", sourceLocation: sourceLocation)
        #expect(changed.hashValue == same.hashValue, "\(name)", sourceLocation: sourceLocation)
    }
}
