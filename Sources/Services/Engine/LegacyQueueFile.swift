import Foundation

/// Version 1 of ``QueueFile``: the whole queue as one JSON array, still read so a queue written by an
/// earlier version survives the update.
///
/// A damaged array (cut short, a corrupted element) is read element by element: each top-level
/// element that decodes is kept.
enum LegacyQueueFile {
    /// Every item of the array that can be read, and what was wrong, if anything.
    static func decode<Item: Decodable>(_ data: Data, as type: Item.Type) -> QueueFile.Contents<Item> {
        let decoder = JSONDecoder()
        if let items = try? decoder.decode([Item].self, from: data) {
            return QueueFile.Contents(items: items, damage: nil)
        }
        let elements = elements(of: data)
        let items = elements.compactMap { try? decoder.decode(Item.self, from: $0) }
        return QueueFile.Contents(
            items: items,
            damage: "a damaged version 1 array: \(items.count) of \(elements.count) elements readable")
    }

    /// The top-level elements of a JSON array, as bytes, read up to where the data ends (a last
    /// element cut short is answered as it is, and fails to decode).
    static func elements(of data: Data) -> [Data] {
        var elements: [Data] = []
        var depth = 0
        var isInString = false
        var isEscaped = false
        var start: Data.Index?
        for index in data.indices {
            let byte = data[index]
            if isInString {
                if isEscaped {
                    isEscaped = false
                } else if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                } else if byte == UInt8(ascii: "\"") {
                    isInString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                isInString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { continue }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 1, let begun = start {
                    elements.append(Data(data[begun..<index]))
                    start = nil
                }
                depth -= 1
                if depth <= 0 { return elements }
                continue
            case UInt8(ascii: ","):
                if depth == 1 {
                    if let begun = start { elements.append(Data(data[begun..<index])) }
                    start = nil
                    continue
                }
            default:
                if QueueFile.isSpace(byte) { continue }
            }
            if depth >= 1, start == nil { start = index }
        }
        if let begun = start { elements.append(Data(data[begun...])) }
        return elements
    }
}
