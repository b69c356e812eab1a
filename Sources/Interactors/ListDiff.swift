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
    public static func changes(from old: [String], to new: [String], updated: Set<String> = [])
        -> [ListChange]
    {
        var changes: [ListChange] = []
        let newSet = Set(new)
        var current = old
        for index in stride(from: current.count - 1, through: 0, by: -1)
        where !newSet.contains(current[index]) {
            changes.append(.remove(current[index], at: index))
            current.remove(at: index)
        }
        var position: [String: Int] = [:]
        for (index, id) in current.enumerated() { position[id] = index }
        var index = 0
        while index < new.count {
            let id = new[index]
            if index < current.count, current[index] == id {
                index += 1
                continue
            }
            if let from = position[id], from > index {
                current.remove(at: from)
                current.insert(id, at: index)
                changes.append(.move(id, from: from, to: index))
            } else {
                current.insert(id, at: index)
                changes.append(.insert(id, at: index))
            }
            for shifted in index..<current.count { position[current[shifted]] = shifted }
            index += 1
        }
        let oldSet = Set(old)
        for (index, id) in new.enumerated() where updated.contains(id) && oldSet.contains(id) {
            changes.append(.update(id, at: index))
        }
        return changes
    }
}
