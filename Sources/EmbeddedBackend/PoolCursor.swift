import Foundation

/// A position in the embedded pool: the n-th account or the n-th generated person.
enum PoolCursor: CustomStringConvertible {
    case account(Int)
    case generated(Int)

    /// Parses `a<n>` or `g<n>`; `nil` (the start) gives the first account.
    init?(_ text: String?) {
        guard let text else {
            self = .account(0)
            return
        }
        guard let kind = text.first, let number = Int(text.dropFirst()), number >= 0 else { return nil }
        switch kind {
        case "a": self = .account(number)
        case "g": self = .generated(number)
        default: return nil
        }
    }

    /// `a<n>` or `g<n>`, the text ``init(_:)`` reads.
    var description: String {
        switch self {
        case .account(let index): "a\(index)"
        case .generated(let index): "g\(index)"
        }
    }
}
