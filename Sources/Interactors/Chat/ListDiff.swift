import Models

/// Computes the changes that turn one list of ids into another.
///
/// The changes are meant to be applied in order (``Models/ListChange/apply(_:to:)`` does it), each
/// index referring to the list as it is at that point: removals from the bottom up, then, top down, a
/// move or an insert wherever the list differs from the new one, then updates at their final index.
/// A front end that applies them and compares the result with the new snapshot catches the "N rows
/// shown while the state changed" class of bug.
public enum ListDiff {
    /// The changes from `old` to `new`; `updated` names items whose content changed (ids in neither
    /// list are ignored).
    ///
    /// Ids must be unique within each list. Linear in the lists' length for the common moves (one
    /// item to the top).
    ///
    /// The rows the two lists begin with alike stay where they are: only the rest is diffed.
    public static func changes(from old: [String], to new: [String], updated: Set<String> = [])
        -> [ListChange]
    {
        changes(from: old, to: new, id: { $0 }, updated: updated)
    }

    /// The changes from one list of messages to another, by id; `updated` names messages whose
    /// content changed (in any order, repeats and ids in neither list allowed).
    ///
    /// The messages both lists begin with are found without reading the part of the list they share
    /// (``Models/MessageList/commonPrefixCount(with:)``), so a message added, confirmed or changed
    /// near the end of a long conversation costs O(log n) and the messages after it.
    public static func changes(from old: MessageList, to new: MessageList, updated: [String]) -> [ListChange]
    {
        let kept = old.commonPrefixCount(with: new)
        return changes(from: old, to: new, keeping: kept, id: \.id, updated: Set(updated))
    }

    /// The changes from `old` to `new`, lists of items with unique ids (`id` reads an item's).
    private static func changes<Item>(
        from old: [Item], to new: [Item], id: (Item) -> String, updated: Set<String>
    ) -> [ListChange] {
        var kept = 0
        while kept < min(old.count, new.count), id(old[kept]) == id(new[kept]) { kept += 1 }
        return changes(from: old, to: new, keeping: kept, id: id, updated: updated)
    }

    /// The changes from `old` to `new`, whose first `kept` items have the same ids.
    private static func changes<Items: RandomAccessCollection<Item>, Item>(
        from old: Items, to new: Items, keeping kept: Int, id: (Item) -> String, updated: Set<String>
    ) -> [ListChange] where Items.Index == Int {
        let oldRest = old[kept...].map(id)
        let newRest = new[kept...].map(id)
        let changes = reordered(from: oldRest, to: newRest, offset: kept)
        guard !updated.isEmpty else { return changes }
        // An updated row is one in both lists. Past the rows kept, the rests say which; an id in
        // neither rest is one of the rows kept (both lists have it there) or in neither list.
        let inOldRest = Set(oldRest)
        var newRestIndex: [String: Int] = [:]
        for (offset, rowID) in newRest.enumerated() { newRestIndex[rowID] = kept + offset }
        var updates: [(id: String, index: Int)] = []
        for updatedID in updated {
            if let index = newRestIndex[updatedID] {
                if inOldRest.contains(updatedID) { updates.append((updatedID, index)) }
            } else if !inOldRest.contains(updatedID),
                // The newest rows change most: the search starts at the end of the rows kept.
                let index = new[..<kept].lastIndex(where: { id($0) == updatedID })
            {
                updates.append((updatedID, index))
            }
        }
        updates.sort { $0.index < $1.index }
        return changes + updates.map { .update($0.id, at: $0.index) }
    }

    /// The removals, moves and inserts that turn `old` into `new`, both starting at row `offset`.
    private static func reordered(from old: [String], to new: [String], offset: Int) -> [ListChange] {
        if old.isEmpty {
            return new.enumerated().map { index, id in .insert(id, at: offset + index) }
        }
        var changes: [ListChange] = []
        let inNew = Set(new)
        var current = old
        for index in current.indices.reversed() where !inNew.contains(current[index]) {
            changes.append(.remove(current[index], at: offset + index))
            current.remove(at: index)
        }
        // Where each id of `current` is, kept up to date as ids move and arrive.
        var position: [String: Int] = [:]
        for (index, id) in current.enumerated() { position[id] = index }
        for (index, id) in new.enumerated() {
            if index < current.count, current[index] == id { continue }
            if let from = position[id], from > index {
                current.remove(at: from)
                current.insert(id, at: index)
                changes.append(.move(id, from: offset + from, to: offset + index))
            } else {
                current.insert(id, at: index)
                changes.append(.insert(id, at: offset + index))
            }
            for shifted in index..<current.count { position[current[shifted]] = shifted }
        }
        return changes
    }
}
