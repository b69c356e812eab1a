import Models
import Testing

@testable import EmbeddedBackend

/// The embedded server's own hash table answers as a dictionary would: every key added is found with
/// its value, no other key is, through growth, colliding hashes and removals.
@Suite struct TextTableTests {
    /// A key whose hash is chosen, to make keys collide.
    struct Colliding: TextTableKey {
        let name: String
        let textHash: Int
    }

    @Test func keysAddedPastSeveralGrowths_areFoundWithTheirValues_andOthersAreNot() {
        var table = TextTable<String, Int>()
        var reference: [String: Int] = [:]
        for number in 0..<1_000 {
            let key = "swipe-\(number)"
            let lookup = table.lookup(key)
            #expect(lookup.position == nil)
            table.add(number, for: key, after: lookup)
            reference[key] = number
        }
        #expect(table.count == reference.count)
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table["swipe-1000"] == nil && table[""] == nil && table["swipe-01"] == nil)
    }

    @Test func collidingKeys_areTellApartByEquality_andRemovalsKeepTheRestFindable() {
        var table = TextTable<Colliding, String>()
        let keys = (0..<40).map { Colliding(name: "k\($0)", textHash: $0 % 3) }
        for key in keys { _ = table.position(of: key) { key.name } }
        // Adding again finds the entry already there.
        for key in keys { #expect(table[at: table.position(of: key) { "again" }] == key.name) }
        #expect(table.count == keys.count)
        for key in keys where key.name.hasSuffix("7") { #expect(table.removeValue(forKey: key) == key.name) }
        for key in keys {
            #expect(table[key] == (key.name.hasSuffix("7") ? nil : key.name))
        }
        #expect(table.removeValue(forKey: keys[7]) == nil)
        #expect(table[Colliding(name: "k1", textHash: 2)] == nil)
    }

    @Test func valuesChangedInPlace_areReadBack() {
        var table = TextTable<UserID, [Int]>()
        let position = table.position(of: "alice") { [] }
        for number in 0..<5 { table.update(at: position) { $0.append(number) } }
        #expect(table["alice"] == [0, 1, 2, 3, 4])
        #expect(table.position(of: "alice") { [9] } == position)
    }

    @Test func theHash_isFNV1aOfTheUTF8Bytes_forShortAndLongTexts() {
        func reference(_ text: String) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return hash
        }
        for text in ["", "a", "alice", "swipe-123456789", "a longer text than fits in a small string", "é🙂"] {
            #expect(TextHash.adding(text, to: TextHash.start) == reference(text))
        }
    }
}
