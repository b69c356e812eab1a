import Foundation
import HeadlessFrontEnd
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

    @Test func aListAppearingAfterAPlaceholder_isShownAfresh_whateverItsRevision() {
        front.setRoot(SampleScreens.home(matches: ["m-alice~bob"], revision: 2)) { _ in }
        front.setRoot(SampleScreens.home(matches: nil)) { _ in }
        front.update(SampleScreens.home(matches: ["m-alice~dave", "m-alice~carol"], revision: 2))
        #expect(front.listErrors.isEmpty, "\(front.listErrors)")
    }

    @Test func aListOnScreen_stillHasItsChangesChecked() {
        front.setRoot(SampleScreens.home(matches: ["a"], revision: 1)) { _ in }
        front.update(SampleScreens.home(matches: ["b"], revision: 1))
        #expect(front.listErrors == ["list matches changed rows without a new revision"])
    }
}
