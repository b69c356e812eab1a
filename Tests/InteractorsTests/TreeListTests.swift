import EmbeddedBackend
import Models
import Testing

@Suite struct TreeListTests {
    /// A fixed pseudo-random sequence (a 64-bit linear congruential generator): the test is deterministic.
    /// Numbers below a bound drawn from the embedded backend's seeded generator: the same every run.
    struct Sequence {
        var generator: SeededGenerator
        init(state: UInt64) { generator = SeededGenerator(seed: state) }
        mutating func next(_ bound: Int) -> Int { Int.random(in: 0..<max(1, bound), using: &generator) }
    }

    @Test func insertsRemovesAndReplaces_likeAnArray_andCopiesStayIndependent() {
        var random = Sequence(state: 7)
        var list = TreeList<Int>()
        var model: [Int] = []
        var snapshots: [(TreeList<Int>, [Int])] = []
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
        #expect(list == TreeList(model))
        #expect(list.hashValue == TreeList(model).hashValue)
    }

    @Test func removingEverything_leavesAnEmptyList_thatStillWorks() {
        var list = TreeList(0..<1_000)
        while !list.isEmpty { list.remove(at: list.count / 2) }
        #expect(list.isEmpty)
        #expect(Array(list) == [])
        list.insert(1, at: 0)
        #expect(Array(list) == [1])
        #expect(list == [1])
    }

    @Test func readingInPlace_seesTheElementTheSubscriptReturns_atEveryDepth() {
        for size in [0, 1, 31, 33, 600, 20_000] {
            var list = TreeList(0..<size)
            // Inserts split leaves and branches unevenly, as a list that grew row by row does.
            for value in 0..<50 { list.insert(size + value, at: (value * 7_919) % (list.count + 1)) }
            for index in list.indices {
                #expect(list.read(index) { $0 } == list[index])
            }
        }
    }
}
