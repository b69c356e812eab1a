import Models

/// Computes the changes that turn one list of ids into another (``ListChange/apply(_:to:)`` applies them).
///
/// The changes are meant to be applied in order, each index referring to the list as it is at that
/// point: removals from the bottom up, then, top down, a move or an insert wherever the list differs
/// from the new one, then updates at their final index. A front end that applies them and compares
/// the result with the new snapshot catches the "N rows shown while the state changed" class of bug.
public enum ListDiff {
    /// The changes from `old` to `new`; `updated` names items whose content changed. Ids must be
    /// unique within each list. Linear in the lists' length for the common moves (one item to the top).
    ///
    /// The rows the two lists begin with alike are compared, not hashed: only the rest is diffed.
    /// The commonest changes — a row appended, a pending row replaced by the server's copy, a row
    /// updated in place — touch the end of a list, so they cost a comparison per kept row.
    public static func changes(from old: [String], to new: [String], updated: Set<String> = [])
        -> [ListChange]
    {
        var kept = 0
        let shorter = min(old.count, new.count)
        while kept < shorter, old[kept] == new[kept] { kept += 1 }
        var changes =
            kept == old.count && kept == new.count
            ? [] : reordered(from: old[kept...], to: new[kept...], offset: kept)
        guard !updated.isEmpty else { return changes }
        for index in 0..<kept where updated.contains(new[index]) {
            changes.append(.update(new[index], at: index))
        }
        guard kept < new.count, kept < old.count else { return changes }
        let oldRest = Set(old[kept...])
        for index in kept..<new.count where updated.contains(new[index]) && oldRest.contains(new[index]) {
            changes.append(.update(new[index], at: index))
        }
        return changes
    }

    /// The removals, moves and inserts that turn `old` into `new`, both starting at row `offset`.
    private static func reordered(from old: ArraySlice<String>, to new: ArraySlice<String>, offset: Int)
        -> [ListChange]
    {
        var changes: [ListChange] = []
        if old.isEmpty {
            // A slice keeps its base's indices, which already count the `offset` rows before it.
            for index in new.indices { changes.append(.insert(new[index], at: index)) }
            return changes
        }
        let newSet = Set(new)
        var current = Array(old)
        for index in stride(from: current.count - 1, through: 0, by: -1)
        where !newSet.contains(current[index]) {
            changes.append(.remove(current[index], at: offset + index))
            current.remove(at: index)
        }
        var position: [String: Int] = [:]
        for (index, id) in current.enumerated() { position[id] = index }
        var index = 0
        let new = Array(new)
        while index < new.count {
            let id = new[index]
            if index < current.count, current[index] == id {
                index += 1
                continue
            }
            if let from = position[id], from > index {
                current.remove(at: from)
                current.insert(id, at: index)
                changes.append(.move(id, from: offset + from, to: offset + index))
            } else {
                current.insert(id, at: index)
                changes.append(.insert(id, at: offset + index))
            }
            for shifted in index..<current.count { position[current[shifted]] = shifted }
            index += 1
        }
        return changes
    }
}
