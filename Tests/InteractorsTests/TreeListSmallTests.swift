import Models
import Testing

/// A short list keeps its elements in an array without a node; it behaves as a list in a tree does
/// (and as an array), across the size where it becomes a tree and back.
@Suite struct TreeListSmallTests {
    @Test func aroundOneLeafsWorth_editsOfCopies_matchAnArray_andLeaveTheOriginal() {
        var random = TreeListTests.Sequence(state: 11)
        for size in 0...70 {
            let model = Array(0..<size)
            let built = TreeList(model)
            var grown = TreeList<Int>()
            for element in model { grown.insert(element, at: grown.count) }
            #expect(Array(built) == model)
            #expect(Array(grown) == model)
            #expect(built == grown)
            #expect(built.hashValue == grown.hashValue)
            for index in model.indices {
                #expect(built[index] == index)
                #expect(grown.read(index) { $0 } == index)
            }
            // Edits of copies: the originals stay as they were.
            for _ in 0..<8 {
                var copy = random.next(2) == 0 ? built : grown
                var expected = model
                switch random.next(4) {
                case 0:
                    let index = random.next(expected.count + 1)
                    copy.insert(-1, at: index)
                    expected.insert(-1, at: index)
                case 1 where !expected.isEmpty:
                    let index = random.next(expected.count)
                    #expect(copy.remove(at: index) == expected.remove(at: index))
                case 2 where !expected.isEmpty:
                    let index = random.next(expected.count)
                    copy.replace(at: index, with: -2)
                    expected[index] = -2
                default:
                    // Into a spare storage, one of another size or the same size, held elsewhere or
                    // not: the same list, and the spare's other holder unchanged.
                    guard !expected.isEmpty else { continue }
                    let index = random.next(expected.count)
                    var spare = Array(repeating: -5, count: random.next(2) == 0 ? expected.count : 3)
                    let held = random.next(2) == 0 ? spare : []
                    copy.replace(at: index, with: -3, spare: &spare)
                    expected[index] = -3
                    #expect(held.isEmpty || held.allSatisfy { $0 == -5 })
                }
                #expect(Array(copy) == expected)
                #expect(copy.count == expected.count)
                #expect(copy == TreeList(expected))
                #expect((copy == built) == (expected == model))
            }
            #expect(Array(built) == model)
            #expect(Array(grown) == model)
        }
    }

    @Test func aListShrunkBackUnderOneLeaf_equalsAndHashesAsAShortOne() {
        var list = TreeList(0..<100)
        while list.count > 10 { list.remove(at: list.count - 1) }
        let short = TreeList(0..<10)
        #expect(list == short)
        #expect(short == list)
        #expect(list.hashValue == short.hashValue)
        list.replace(at: 3, with: 30)
        #expect(list != short)
        #expect(Array(list) == [0, 1, 2, 30, 4, 5, 6, 7, 8, 9])
        var empty = TreeList<Int>()
        #expect(empty.isEmpty)
        empty.insert(1, at: 0)
        #expect(empty.remove(at: 0) == 1)
        #expect(empty == TreeList<Int>())
    }
}
