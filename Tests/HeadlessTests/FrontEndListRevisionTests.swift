import Foundation
import Headless
import Models
import Services
import Testing

/// The front end's list check: a list that appears on a screen that did not show it (a placeholder
/// until now) is shown afresh, whatever revision an earlier screen's list of that id had. Found by
/// `discover explore` (seeds 3 and 5): a second user's matches list, loaded under the revision the
/// first user's had reached, was reported out of sync.
@MainActor
@Suite struct FrontEndListRevisionTests {
    let front = HeadlessFrontEnd(
        transcript: Transcript(clock: VirtualScheduler(now: Date(timeIntervalSince1970: 0))))

    func home(_ list: ScreenList?) -> Screen {
        Screen(
            id: .home, title: "Discover", elements: list.map { [.list($0)] } ?? [.text("Loading matches…")])
    }

    func matches(_ rows: [String], revision: Int) -> ScreenList {
        ScreenList(
            id: "matches", items: rows.map { ScreenList.Item(id: $0, title: $0, detail: "") }, changes: [],
            revision: revision)
    }

    @Test func aListAppearingAfterAPlaceholder_isShownAfresh_whateverItsRevision() {
        front.setRoot(home(matches(["m-alice~bob"], revision: 2))) { _ in }
        front.setRoot(home(nil)) { _ in }
        front.update(home(matches(["m-alice~dave", "m-alice~carol"], revision: 2)))
        #expect(front.listErrors.isEmpty, "\(front.listErrors)")
    }

    @Test func aListOnScreen_stillHasItsChangesChecked() {
        front.setRoot(home(matches(["a"], revision: 1))) { _ in }
        front.update(home(matches(["b"], revision: 1)))
        #expect(front.listErrors == ["list matches changed rows without a new revision"])
    }
}
