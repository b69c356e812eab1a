import Interactors
import Models
import Testing

@Suite struct ListRevisionTests {
    @Test func changes_makeANewRevision_withThem() {
        var (revision, changes) = (4, [ListChange.insert("a", at: 0)])
        ListRevision.record([.move("b", from: 1, to: 0)], revision: &revision, changes: &changes)
        #expect(revision == 5)
        #expect(changes == [.move("b", from: 1, to: 0)])
    }

    /// A snapshot that changes no row keeps the changes that led to its revision: a front end that
    /// last showed the revision before (the list was covered) still gets from its rows to these.
    @Test func noChange_keepsTheRevision_andTheChangesThatLedToIt() {
        let before = ["a", "b"]
        var (revision, changes) = (4, [ListChange]())
        ListRevision.record([.move("b", from: 1, to: 0)], revision: &revision, changes: &changes)
        ListRevision.record([], revision: &revision, changes: &changes)
        ListRevision.record([], revision: &revision, changes: &changes)
        #expect(revision == 5)
        #expect(ListChange.apply(changes, to: before) == ["b", "a"])
    }
}
