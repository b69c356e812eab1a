/// The conversation id of a pair of people: how it is written and read back.
///
/// An id is `m-`, the two user ids in byte order, each escaped, and `~` between them:
/// `m-ann~bob-cat`. Escaping keeps ASCII letters, digits, `.`, `_` and `-` and writes every other
/// byte of the UTF-8 as `%` and two upper-case hex digits (`@alice:hs` is `%40alice%3Ahs`), so an
/// escaped user id never holds a `~` and the one `~` tells where the first id ends: two different
/// pairs never share an id, and the id is one path component of a URL or a file name on any system.
extension Match {
    /// The id both sides compute for a pair, whichever order they are given in.
    public static func id(between first: UserID, and second: UserID) -> String {
        let (low, high) = ordered(first, second)
        return prefix + escaped(low.rawValue) + String(separator) + escaped(high.rawValue)
    }

    /// The two people a conversation id names, in the order the id holds them.
    ///
    /// `nil` unless `id` is exactly what ``id(between:and:)`` writes for some pair, so one pair has
    /// one id and every id one pair.
    public static func pair(in id: String) -> (first: UserID, second: UserID)? {
        guard id.hasPrefix(prefix) else { return nil }
        let halves = id.utf8.dropFirst(prefix.utf8.count).split(
            separator: UInt8(ascii: separator), omittingEmptySubsequences: false)
        guard halves.count == 2, let first = unescaped(halves[0]), let second = unescaped(halves[1]),
            !first.isEmpty, !second.isEmpty
        else { return nil }
        let pair = (first: UserID(first), second: UserID(second))
        return Self.id(between: pair.first, and: pair.second).utf8.elementsEqual(id.utf8) ? pair : nil
    }

    /// The other person of `viewer`'s conversation `id`; `nil` when `id` is not a conversation id or
    /// `viewer` is not one of its people.
    public static func other(in id: String, than viewer: UserID) -> UserID? {
        guard let pair = pair(in: id) else { return nil }
        // Byte for byte, as the id is written: `é` and `e` with an accent are two people here.
        if pair.first.rawValue.utf8.elementsEqual(viewer.rawValue.utf8) { return pair.second }
        if pair.second.rawValue.utf8.elementsEqual(viewer.rawValue.utf8) { return pair.first }
        return nil
    }

    // MARK: The encoding

    private static let prefix = "m-"
    private static let separator: Unicode.Scalar = "~"

    /// The two ids in the order of their UTF-8 bytes, the same on every platform and for every text.
    private static func ordered(_ first: UserID, _ second: UserID) -> (UserID, UserID) {
        first.rawValue.utf8.lexicographicallyPrecedes(second.rawValue.utf8)
            ? (first, second) : (second, first)
    }

    /// Whether a byte stands for itself in an escaped id: ASCII letters, digits, `.`, `_`, `-`.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `text` with every byte but the kept ones written as `%HH`.
    private static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isKept(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text an escaped id stands for, or `nil` when an escape is cut short or not upper-case hex.
    ///
    /// Bytes that are not UTF-8 become U+FFFD, which is written back as `%EF%BF%BD`: ``pair(in:)``
    /// checks that writing the pair again gives the same id, so such an id names no pair.
    private static func unescaped(_ escaped: Substring.UTF8View) -> String? {
        var bytes: [UInt8] = []
        var index = escaped.startIndex
        while index < escaped.endIndex {
            let byte = escaped[index]
            index = escaped.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index < escaped.endIndex, let high = hexValue(escaped[index]) else { return nil }
            index = escaped.index(after: index)
            guard index < escaped.endIndex, let low = hexValue(escaped[index]) else { return nil }
            index = escaped.index(after: index)
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        hexDigits.firstIndex(of: byte).map { UInt8($0) }
    }
}
