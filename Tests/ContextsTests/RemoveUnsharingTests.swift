import Testing

@testable import Contexts

/// `removeUnsharing(at:)` removes as `remove(at:)` does; a copy kept elsewhere (a store's last save)
/// stays as it was.
@Suite struct RemoveUnsharingTests {
    @Test func removingEachIndex_givesWhatRemoveAtGives_andLeavesTheKeptCopyAlone() {
        for count in 1...4 {
            for index in 0..<count {
                let saved = Array(0..<count)
                var mine = saved
                var reference = saved
                #expect(mine.removeUnsharing(at: index) == reference.remove(at: index))
                #expect(mine == reference)
                #expect(saved == Array(0..<count))
            }
        }
    }
}
