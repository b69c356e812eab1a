/// One step that turns a shown list into the next one; applied in order, each index referring to
/// the list as it is at that point.
public enum ListChange: Hashable, Sendable {
    /// Insert the item with this id at the index.
    case insert(String, at: Int)
    /// Remove the item at the index (its id, to check).
    case remove(String, at: Int)
    /// Move the item at `from` to `to`.
    case move(String, from: Int, to: Int)
    /// The item at the index changed its content.
    case update(String, at: Int)
}

extension ListChange {
    /// Whether the change's indices are those of a list of `count` items.
    public func fits(_ count: Int) -> Bool {
        switch self {
        case .insert(_, let index): (0...count).contains(index)
        case .remove(_, let index), .update(_, let index): (0..<count).contains(index)
        case .move(_, let from, let to): (0..<count).contains(from) && (0..<count).contains(to)
        }
    }

    /// Where the item at `index` is once the change is applied; `nil` for the item it removes.
    public func position(_ index: Int) -> Int? {
        switch self {
        case .insert(_, let at): index >= at ? index + 1 : index
        case .remove(_, let at): index == at ? nil : (index > at ? index - 1 : index)
        case .update: index
        case .move(_, let from, let to):
            if index == from {
                to
            } else if from < index, index <= to {
                index - 1
            } else if to <= index, index < from {
                index + 1
            } else {
                index
            }
        }
    }

    /// Applies changes to a list; `nil` when a change does not fit the list (a wrong index or id).
    public static func apply(_ changes: [ListChange], to list: [String]) -> [String]? {
        var list = list
        for change in changes {
            switch change {
            case .insert(let id, let index):
                guard index >= 0, index <= list.count else { return nil }
                list.insert(id, at: index)
            case .remove(let id, let index):
                guard list.indices.contains(index), list[index] == id else { return nil }
                list.remove(at: index)
            case .move(let id, let from, let to):
                guard list.indices.contains(from), list[from] == id, to >= 0, to < list.count else {
                    return nil
                }
                list.remove(at: from)
                list.insert(id, at: to)
            case .update(let id, let index):
                guard list.indices.contains(index), list[index] == id else { return nil }
            }
        }
        return list
    }
}
