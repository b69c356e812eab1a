import Foundation

/// The format of a queue file (the swipe queue, the outbox): a header line, then one item per line,
/// each a JSON object.
///
/// ```
/// {"count":2,"format":"discover-queue","version":2}
/// {"candidate":"bob","id":"id-1",…}
/// {"candidate":"carol","id":"id-2",…}
/// ```
///
/// One item per line makes a damaged file easy to salvage: every line that reads is an item kept, and
/// the header's count tells a file cut short at a line's end from a whole one. A file of a newer
/// version is not guessed at: none of its items are read.
public enum QueueFile {
    /// The version this code writes.
    public static let version = 2
    /// The header's `format` value.
    static let format = "discover-queue"

    /// The first line of a file.
    struct Header: Codable {
        var format: String
        var version: Int
        var count: Int
    }

    /// What a file held: the items that could be read, oldest first, and what was wrong with it.
    public struct Contents<Item> {
        /// The items read.
        public var items: [Item]
        /// Why the file was not read whole (`nil` when it was).
        public var damage: String?
    }

    /// The file's bytes for `items`: the header, then one line per item.
    public static func encode<Item: Encodable>(_ items: [Item]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(Header(format: format, version: version, count: items.count))
        data.append(0x0A)
        for item in items {
            // JSON text escapes every control character, so an item's line holds no line break.
            data.append(try encoder.encode(item))
            data.append(0x0A)
        }
        return data
    }

    /// Reads a file's bytes: every item that can be read, and what was wrong, if anything.
    public static func decode<Item: Decodable>(_ data: Data, as type: Item.Type = Item.self)
        -> Contents<Item>
    {
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        guard let first = lines.first else { return Contents(items: [], damage: "an empty file") }
        let header = try? decoder.decode(Header.self, from: Data(first))
        if let header, header.format != format || header.version > version {
            let damage = "format \(header.format) version \(header.version), not readable here"
            return Contents(items: [], damage: damage)
        }
        var items: [Item] = []
        var unreadable = 0
        for line in lines.dropFirst() {
            if let item = try? decoder.decode(Item.self, from: Data(line)) {
                items.append(item)
            } else {
                unreadable += 1
            }
        }
        guard let header else {
            return Contents(items: items, damage: "no readable header; \(items.count) items readable")
        }
        if unreadable > 0 || items.count != header.count || data.last != 0x0A {
            return Contents(
                items: items,
                damage: "\(items.count) of \(header.count) items readable, \(unreadable) lines unreadable")
        }
        return Contents(items: items, damage: nil)
    }
}
