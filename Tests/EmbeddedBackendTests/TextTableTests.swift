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

    @Test func theHash_isFNV1aOfTheUTF8Bytes_forShortAndLongComposedTexts() {
        func reference(_ text: String) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return hash
        }
        for text in ["", "a", "alice", "swipe-123456789", "a longer text than fits in a small string", "é🙂"] {
            #expect(TextHash.adding(text, to: TextHash.start) == reference(text))
        }
    }

    /// `String`'s `==` is canonical equivalence, as a `Dictionary`'s lookups are: the table finds a
    /// key under any encoding equal to it and keeps one entry for them.
    @Test func canonicallyEquivalentKeys_areOneKey_asInADictionary() {
        let pairs = [
            ("caf\u{E9}", "cafe\u{301}"),  // é composed and decomposed
            ("K", "\u{212A}"),  // the Kelvin sign is canonically "K", an ASCII key
            ("swipe-\u{C5}", "swipe-A\u{30A}"),  // Å composed and decomposed
        ]
        for (one, other) in pairs {
            #expect(one == other)
            #expect(one.textHash == other.textHash)
            var dictionary: [String: Int] = [:]
            dictionary[one] = 1
            var table = TextTable<String, Int>()
            _ = table.position(of: one) { 1 }
            #expect(table[other] == dictionary[other])
            _ = table.position(of: other) { 2 }
            #expect(table.count == 1)
            #expect(table[one] == 1)
            #expect(table.removeValue(forKey: other) == 1)
            #expect(table.count == 0)
        }
    }

    /// Adds and removes in a mixed order, with keys crowded on a few slots (some at the slots' end, so
    /// runs wrap around) and past a growth: after every step the table holds exactly what a
    /// dictionary holds, and every key is found with its value.
    @Test func removalsAmongCrowdedAndWrappingRuns_keepEveryOtherKeyFindable() {
        var table = TextTable<Colliding, Int>()
        var reference: [String: Int] = [:]
        var generator = SeededGenerator(seed: 0x2545_F491_4F6C_DD1D)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        // Hashes 0–3 and 124–127: runs start at both ends of the first 128 slots and wrap around.
        func key(_ number: Int) -> Colliding {
            Colliding(name: "k\(number)", textHash: [0, 1, 2, 3, 124, 125, 126, 127][number % 8])
        }
        for step in 0..<3_000 {
            let number = next(90)
            let chosen = key(number)
            if next(3) == 0 {
                #expect(table.removeValue(forKey: chosen) == reference.removeValue(forKey: chosen.name))
            } else {
                let position = table.position(of: chosen) { step }
                if reference[chosen.name] == nil { reference[chosen.name] = step }
                #expect(table[at: position] == reference[chosen.name])
            }
            #expect(table.count == reference.count)
        }
        for number in 0..<90 { #expect(table[key(number)] == reference[key(number).name]) }
    }
}
