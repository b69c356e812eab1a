import DiscoverApp
import EmbeddedBackend
import Flows
import Models
import TestSupport
import Testing

/// The library's ready-made presenter (``ScreenStack``) on a composed app: intents in, view state out.
@MainActor
@Suite struct ScreenStackAppTests {
    let folder = TemporaryDirectory()

    @Test func screenStack_onVirtualTime_seesHomeAfterSubmit_andTheLastChangeIsWhatIsShown() throws {
        let stack = ScreenStack()
        var views: [ViewState] = []
        stack.onChange = { views.append($0) }
        let app = DiscoverApp.embedded(
            presenter: stack, storageDirectory: folder.url, clock: .virtual(start: EmbeddedBackend.demoStart))
        app.launch()
        try stack.send(.tap(ActionID.Welcome.logIn))
        try stack.send(.edit(FieldID.LogIn.username, "carol"))
        try stack.send(.edit(FieldID.LogIn.password, "christmas1"))
        try stack.send(.tap(ActionID.LogIn.submit))
        #expect(stack.view.top?.id == .home)
        #expect(views.last == stack.view)
        #expect(stack.view.top?.elements.contains { if case .card = $0 { true } else { false } } == true)
    }
}
