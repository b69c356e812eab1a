import Models

/// Computes the changes that turn one list of ids into another (``ListChange/apply(_:to:)`` applies them).
///
/// The changes are meant to be applied in order, each index referring to the list as it is at that
/// point: removals from the bottom up, then, top down, a move or an insert wherever the list differs
/// from the new one, then updates at their final index. A front end that applies them and compares
/// the result with the new snapshot catches the "N rows shown while the state changed" class of bug.
public enum ListDiff {
    /// Up to this many ids, membership is looked up by comparing rather than hashing: cheaper for the
    /// few rows a usual change touches, and the same answers.
    static var linearLimit: Int { 8 }

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
            ? [] : reordered(from: Array(old[kept...]), to: Array(new[kept...]), offset: kept)
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

    /// The changes from one list of messages to another, by id; `updated` names messages whose
    /// content changed (in any order, repeats and ids in neither list allowed).
    ///
    /// The same changes as the diff of the messages' ids with `Set(updated)`, without building either
    /// list of ids: the messages both lists begin with are compared in place, only the ids of the rest
    /// are diffed, and a handful of ids is searched rather than hashed.
    public static func changes(from old: [Message], to new: [Message], updated: [String]) -> [ListChange] {
        if let changes = lastRowChanges(from: old, to: new, updated: updated) { return changes }
        return diffed(from: old, to: new, updated: updated)
    }

    /// ``changes(from:to:updated:)`` put in `changes` (emptied first): the changes of the two
    /// commonest edits go into the storage `changes` has, when nothing else holds it, instead of a new
    /// array; the others replace it.
    public static func changes(
        from old: [Message], to new: [Message], updated: [String], into changes: inout [ListChange]
    ) {
        if !lastRowChanges(from: old, to: new, updated: updated, into: &changes) {
            changes = diffed(from: old, to: new, updated: updated)
        }
    }

    /// ``changes(from:to:updated:)`` of any edit: the rows both lists begin with are kept, and the
    /// rest diffed.
    private static func diffed(from old: [Message], to new: [Message], updated: [String]) -> [ListChange] {
        var kept = 0
        let shorter = min(old.count, new.count)
        // Messages sharing their texts' storage have the same id without comparing it.
        while kept < shorter, old[kept].sharesTexts(with: new[kept]) || old[kept].id == new[kept].id {
            kept += 1
        }
        var changes: [ListChange] = []
        if kept < old.count || kept < new.count {
            if disjoint(old[kept...], new[kept...]) {
                // No row of the rest stays (a row appended, a pending one replaced by the server's
                // copy): the old rest removed from the bottom up, the new one inserted top down, as
                // the full diff would.
                changes.reserveCapacity(old.count + new.count - 2 * kept)
                for index in stride(from: old.count - 1, through: kept, by: -1) {
                    changes.append(.remove(old[index].id, at: index))
                }
                for index in kept..<new.count { changes.append(.insert(new[index].id, at: index)) }
            } else {
                changes = reordered(from: old[kept...].map(\.id), to: new[kept...].map(\.id), offset: kept)
            }
        }
        guard !updated.isEmpty else { return changes }
        let isUpdated = IDs(updated)
        // An updated id among the old rest's is in no row kept (ids are unique in a list, and the
        // rows kept hold the same ids in both): a confirmation names the pending message it replaced,
        // so when every updated id is such, the rows kept are not looked at.
        if !Self.areAllAmong(updated, old[kept...]) {
            for index in 0..<kept where isUpdated.contains(new[index].id) {
                changes.append(.update(new[index].id, at: index))
            }
        }
        guard kept < new.count, kept < old.count else { return changes }
        // The ids of the old rest are gathered only when an updated message is in the new rest (a
        // confirmation replaces a message none of the updated ids names there).
        var oldRest: IDs?
        for index in kept..<new.count where isUpdated.contains(new[index].id) {
            let rest = oldRest ?? IDs(old[kept...].map(\.id))
            oldRest = rest
            if rest.contains(new[index].id) { changes.append(.update(new[index].id, at: index)) }
        }
        return changes
    }

    /// The changes of the two commonest edits of a conversation, in a short run of code: one message
    /// appended with nothing updated (a message sent or received), or the last message replaced by
    /// one with another id with only the replaced one updated (a pending message confirmed); `nil`
    /// for any other edit, or when a message kept is not the same (texts in one storage) in both.
    ///
    /// The changes are those of the full diff: the insert of the new message; the removal of the old
    /// last message and the insert of the new one at its index (no update: the replaced id is in
    /// neither list's kept rows, and the new one is not updated).
    private static func lastRowChanges(from old: [Message], to new: [Message], updated: [String])
        -> [ListChange]?
    {
        guard let kept = lastRowKept(from: old, to: new, updated: updated) else { return nil }
        let inserted = ListChange.insert(new[kept].id, at: kept)
        return kept == old.count ? [inserted] : [.remove(updated[0], at: kept), inserted]
    }

    /// ``lastRowChanges(from:to:updated:)`` put in `changes`, emptied first (its storage kept);
    /// `false`, changing nothing, for any other edit.
    private static func lastRowChanges(
        from old: [Message], to new: [Message], updated: [String], into changes: inout [ListChange]
    ) -> Bool {
        guard let kept = lastRowKept(from: old, to: new, updated: updated) else { return false }
        // Emptied from the end inline (`removeAll(keepingCapacity:)` goes through `replaceSubrange`):
        // these changes are one or two long.
        while !changes.isEmpty { changes.removeLast() }
        if changes.capacity < 2 { changes.reserveCapacity(2) }
        if kept < old.count { changes.append(.remove(updated[0], at: kept)) }
        changes.append(.insert(new[kept].id, at: kept))
        return true
    }

    /// How many rows the two commonest edits keep (see ``lastRowChanges(from:to:updated:)``): all
    /// the old ones when one is appended, all but the last when it is replaced; `nil` for any other
    /// edit, or when a row kept is not the same message in both.
    private static func lastRowKept(from old: [Message], to new: [Message], updated: [String]) -> Int? {
        let count = old.count
        let kept: Int
        if new.count == count + 1, updated.isEmpty {
            kept = count
        } else if new.count == count, count > 0, updated.count == 1, old[count - 1].hasID(updated[0]),
            !new[count - 1].hasID(updated[0])
        {
            kept = count - 1
        } else {
            return nil
        }
        for index in 0..<kept where !old[index].sharesTexts(with: new[index]) { return nil }
        return kept
    }

    /// Whether every id of `ids` is the id of a message of the short run `messages` (`false` when the
    /// run is long: not worth finding out here).
    private static func areAllAmong(_ ids: [String], _ messages: ArraySlice<Message>) -> Bool {
        guard !messages.isEmpty, messages.count <= linearLimit, ids.count <= linearLimit else { return false }
        for id in ids where !messages.contains(where: { $0.id == id }) { return false }
        return true
    }

    /// Whether two short runs of messages have no id in common (`false` when either is long: not
    /// worth finding out here).
    private static func disjoint(_ a: ArraySlice<Message>, _ b: ArraySlice<Message>) -> Bool {
        guard a.count <= linearLimit, b.count <= linearLimit else { return false }
        for x in a where b.contains(where: { $0.id == x.id }) { return false }
        return true
    }

    /// A set of ids that answers by comparing when it is small and by hashing when it is not.
    private struct IDs {
        let list: [String]
        let set: Set<String>

        init(_ ids: [String]) {
            list = ids
            set = ids.count > ListDiff.linearLimit ? Set(ids) : []
        }

        func contains(_ id: String) -> Bool {
            list.count > ListDiff.linearLimit ? set.contains(id) : list.contains(id)
        }
    }

    /// The removals, moves and inserts that turn `old` into `new`, both starting at row `offset`.
    private static func reordered(from old: [String], to new: [String], offset: Int) -> [ListChange] {
        var changes: [ListChange] = []
        if old.isEmpty {
            for (index, id) in new.enumerated() { changes.append(.insert(id, at: offset + index)) }
            return changes
        }
        let inNew = IDs(new)
        var current = old
        for index in stride(from: current.count - 1, through: 0, by: -1) where !inNew.contains(current[index])
        {
            changes.append(.remove(current[index], at: offset + index))
            current.remove(at: index)
        }
        // Where each id of `current` is: a table for long lists, a search for short ones.
        let hashed = current.count > linearLimit
        var position: [String: Int] = [:]
        if hashed {
            for (index, id) in current.enumerated() { position[id] = index }
        }
        var index = 0
        while index < new.count {
            let id = new[index]
            if index < current.count, current[index] == id {
                index += 1
                continue
            }
            if let from = hashed ? position[id] : current.firstIndex(of: id), from > index {
                current.remove(at: from)
                current.insert(id, at: index)
                changes.append(.move(id, from: offset + from, to: offset + index))
            } else {
                current.insert(id, at: index)
                changes.append(.insert(id, at: offset + index))
            }
            if hashed {
                for shifted in index..<current.count { position[current[shifted]] = shifted }
            }
            index += 1
        }
        return changes
    }
}
