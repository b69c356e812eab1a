import Foundation
import PersistentList
import Testing

/// A persistent list behaves as an array does, and a copy never changes when another is edited.
@Suite struct PersistentListTests {
    /// Numbers below a bound from a fixed pseudo-random sequence (a 64-bit linear congruential
    /// generator): the test is deterministic.
    struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    @Test func insertsRemovesAndReplaces_likeAnArray_andCopiesStayIndependent() {
        var random = Sequence(state: 7)
        var list = PersistentList<Int>()
        var model: [Int] = []
        var snapshots: [(PersistentList<Int>, [Int])] = []
        for step in 0..<20_000 {
            let choice = random.next(10)
            if choice < 6 || model.isEmpty {
                let index = random.next(model.count + 1)
                list.insert(step, at: index)
                model.insert(step, at: index)
            } else if choice < 9 {
                let index = random.next(model.count)
                #expect(list.remove(at: index) == model.remove(at: index))
            } else {
                let index = random.next(model.count)
                list.replace(at: index, with: -step)
                model[index] = -step
            }
            if step % 1_000 == 0 { snapshots.append((list, model)) }
        }
        #expect(Array(list) == model)
        #expect(list.count == model.count)
        for index in stride(from: 0, to: model.count, by: 97) { #expect(list[index] == model[index]) }
        for (snapshot, expected) in snapshots { #expect(Array(snapshot) == expected) }
        #expect(list == PersistentList(model))
        #expect(list.hashValue == PersistentList(model).hashValue)
    }

    @Test func aroundOneLeafsWorth_editsOfCopies_matchAnArray_andLeaveTheOriginal() {
        var random = Sequence(state: 11)
        for size in 0...70 {
            let model = Array(0..<size)
            let built = PersistentList(model)
            var grown = PersistentList<Int>()
            for element in model { grown.insert(element, at: grown.count) }
            #expect(Array(built) == model)
            #expect(Array(grown) == model)
            #expect(built == grown)
            #expect(built.hashValue == grown.hashValue)
            for index in model.indices {
                #expect(built[index] == index)
                #expect(grown[index] == index)
            }
            // Edits of copies: the originals stay as they were.
            for _ in 0..<8 {
                var copy = random.next(2) == 0 ? built : grown
                var expected = model
                switch random.next(3) {
                case 0:
                    let index = random.next(expected.count + 1)
                    copy.insert(-1, at: index)
                    expected.insert(-1, at: index)
                case 1 where !expected.isEmpty:
                    let index = random.next(expected.count)
                    #expect(copy.remove(at: index) == expected.remove(at: index))
                default:
                    guard !expected.isEmpty else { continue }
                    let index = random.next(expected.count)
                    copy.replace(at: index, with: -2)
                    expected[index] = -2
                }
                #expect(Array(copy) == expected)
                #expect(copy.count == expected.count)
                #expect(copy == PersistentList(expected))
                #expect((copy == built) == (expected == model))
            }
            #expect(Array(built) == model)
            #expect(Array(grown) == model)
        }
    }

    @Test func removingEverything_leavesAnEmptyList_thatStillWorks() {
        var list = PersistentList(0..<1_000)
        while !list.isEmpty { list.remove(at: list.count / 2) }
        #expect(list.isEmpty)
        #expect(Array(list) == [])
        list.insert(1, at: 0)
        #expect(Array(list) == [1])
        #expect(list == [1])
    }

    @Test func aListShrunkBackUnderOneLeaf_equalsAndHashesAsAShortOne() {
        var list = PersistentList(0..<100)
        while list.count > 10 { list.remove(at: list.count - 1) }
        let short = PersistentList(0..<10)
        #expect(list == short)
        #expect(short == list)
        #expect(list.hashValue == short.hashValue)
        list.replace(at: 3, with: 30)
        #expect(list != short)
        #expect(Array(list) == [0, 1, 2, 30, 4, 5, 6, 7, 8, 9])
        var empty = PersistentList<Int>()
        #expect(empty.isEmpty)
        empty.insert(1, at: 0)
        #expect(empty.remove(at: 0) == 1)
        #expect(empty == PersistentList<Int>())
    }

    @Test func theSubscriptAndIteration_agree_atEveryDepth() {
        for size in [0, 1, 31, 33, 600, 20_000] {
            var list = PersistentList(0..<size)
            // Inserts split leaves and branches unevenly, as a list that grew row by row does.
            for value in 0..<50 { list.insert(size + value, at: (value * 7_919) % (list.count + 1)) }
            #expect(Array(list) == list.indices.map { list[$0] })
            #expect(list.description == Array(list).description)
        }
    }

    @Test func theCommonStart_ofListsThatShareParts_isWhatComparingElementByElementFinds() {
        var random = Sequence(state: 23)
        // The length of the common start, read element by element.
        func naive(_ left: PersistentList<Int>, _ right: PersistentList<Int>) -> Int {
            zip(left, right).prefix { $0 == $1 }.count
        }
        for size in [0, 1, 31, 32, 33, 500, 5_000] {
            let original = PersistentList(0..<size)
            var edited = original
            var snapshots = [original]
            for step in 0..<60 {
                // Mostly near the end, as a conversation changes; sometimes anywhere.
                let near = random.next(4) != 0
                let count = edited.count
                let index = near ? max(0, count - random.next(8)) : random.next(count + 1)
                switch random.next(3) {
                case 0:
                    edited.insert(-step - 1, at: min(index, count))
                case 1 where count > 0:
                    edited.remove(at: min(index, count - 1))
                default:
                    guard count > 0 else { continue }
                    edited.replace(at: min(index, count - 1), with: -step - 1_000)
                }
                snapshots.append(edited)
            }
            for _ in 0..<40 {
                let left = snapshots[random.next(snapshots.count)]
                let right = snapshots[random.next(snapshots.count)]
                #expect(left.commonPrefixCount(with: right, by: ==) == naive(left, right))
                #expect((left == right) == (Array(left) == Array(right)))
            }
            // Lists built apart share nothing: compared element by element, the same answers.
            let rebuilt = PersistentList(Array(edited))
            #expect(rebuilt == edited)
            #expect(rebuilt.commonPrefixCount(with: edited, by: ==) == edited.count)
            #expect(original.commonPrefixCount(with: edited, by: ==) == naive(original, edited))
        }
    }

    @Test func aList_encodesAsAnArray_andDecodesBack() throws {
        let list = PersistentList(0..<100)
        let data = try JSONEncoder().encode(list)
        #expect(data == (try JSONEncoder().encode(Array(0..<100))))
        #expect(try JSONDecoder().decode(PersistentList<Int>.self, from: data) == list)
    }
}
