import PersistentList
import Testing

/// The persistent map is a dictionary: checked against one through random changes, its copies
/// untouched by later changes, and its equality blind to the order entries were added in.
@Suite struct PersistentMapTests {
    /// A small seeded generator, so a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
    }

    @Test func randomChanges_readAsADictionary_inKeyOrder() {
        var random = Seeded(state: 7)
        var map = PersistentMap<Int, String>()
        var reference: [Int: String] = [:]
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<500, using: &random)
            if Bool.random(using: &random) || step < 100 {
                map[key] = "v\(step)"
                reference[key] = "v\(step)"
            } else {
                map[key] = nil
                reference[key] = nil
            }
            #expect(map[key] == reference[key])
        }
        #expect(map.count == reference.count)
        #expect(map.keys == reference.keys.sorted())
        #expect(map.values == reference.keys.sorted().compactMap { reference[$0] })
        // Iterating gives the same entries, in no particular order.
        #expect(map.sorted { $0.key < $1.key }.map(\.key) == map.keys)
        #expect(map.underestimatedCount == reference.count)
    }

    /// A key whose hash says little: keys a multiple of `buckets` apart hash alike, whole.
    struct Crowded: Hashable, Comparable, Sendable {
        static let buckets = 3
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(value % Self.buckets) }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
    }

    @Test func keysWhoseHashesAreEqual_shareABucket_andStillReadAsADictionary() {
        var random = Seeded(state: 11)
        var map = PersistentMap<Crowded, Int>()
        var reference: [Crowded: Int] = [:]
        for step in 0..<3_000 {
            let key = Crowded(value: Int.random(in: 0..<60, using: &random))
            let value: Int? = Int.random(in: 0..<3, using: &random) == 0 ? nil : step
            map[key] = value
            reference[key] = value
            #expect(map[key] == reference[key])
            #expect(map.count == reference.count)
        }
        #expect(map.keys == reference.keys.sorted())
        var rebuilt = PersistentMap<Crowded, Int>()
        for key in reference.keys.sorted(by: >) { rebuilt[key] = reference[key] }
        #expect(rebuilt == map)
    }

    @Test func aMapChangedAndChangedBack_equalsOneBuiltFromItsEntries() {
        var random = Seeded(state: 5)
        var map = PersistentMap<String, Int>()
        for step in 0..<4_000 {
            let key = "k\(Int.random(in: 0..<400, using: &random))"
            map[key] = Bool.random(using: &random) ? step : nil
        }
        var rebuilt = PersistentMap<String, Int>()
        for (key, value) in map.entries.reversed() { rebuilt[key] = value }
        #expect(rebuilt == map)
        #expect(rebuilt.entries.map(\.key) == map.keys)
    }

    @Test func aCopy_keepsItsEntries_whateverHappensToTheOriginal() {
        var map = PersistentMap<String, Int>()
        for (index, key) in ["b", "a", "d", "c"].enumerated() { map[key] = index }
        let copy = map
        map["a"] = 10
        map["e"] = 5
        map["b"] = nil
        #expect(copy.entries.map(\.key) == ["a", "b", "c", "d"])
        #expect(copy["a"] == 1 && copy["b"] == 0 && copy["e"] == nil)
        #expect(map.entries.map(\.key) == ["a", "c", "d", "e"])
    }

    @Test func equality_dependsOnTheEntries_notTheOrderTheyWereAddedIn() {
        var random = Seeded(state: 3)
        let keys = (0..<300).map { "k\($0)" }
        var forward = PersistentMap<String, Int>()
        for key in keys { forward[key] = key.count }
        var shuffled = PersistentMap<String, Int>()
        for key in keys.shuffled(using: &random) { shuffled[key] = key.count }
        var withDetour = shuffled
        withDetour["extra"] = 1
        withDetour["k5"] = nil
        withDetour["extra"] = nil
        withDetour["k5"] = 2
        #expect(forward == shuffled)
        #expect(forward == withDetour)
        var changed = forward
        changed["k17"] = 99
        #expect(changed != forward)
        changed["k17"] = 3
        #expect(changed == forward)
        #expect(PersistentMap<String, Int>() == PersistentMap<String, Int>())
        #expect(forward != PersistentMap<String, Int>())
    }
}

/// The persistent set is a set: checked against one through random insertions, its copies untouched.
@Suite struct PersistentSetTests {
    @Test func randomInsertions_readAsASet_andACopyKeepsItsElements() {
        var random = PersistentMapTests.Seeded(state: 9)
        var set = PersistentSet<Int>()
        var reference = Set<Int>()
        var copy = set
        for step in 0..<2_000 {
            let element = Int.random(in: 0..<700, using: &random)
            #expect(set.insert(element).inserted == reference.insert(element).inserted)
            if step == 1_000 { copy = set }
        }
        #expect(set.count == reference.count)
        #expect(set.sorted == reference.sorted())
        #expect((0..<700).allSatisfy { set.contains($0) == reference.contains($0) })
        #expect(copy.count <= set.count && copy.sorted.allSatisfy { set.contains($0) })
        #expect(PersistentSet(reference.shuffled(using: &random)) == set)
        #expect(PersistentSet<Int>([1, 2]) == [2, 1])
    }
}
