import DiscoverApp
import EmbeddedBackend
import Flows
import GenericScreens
import Models
import TestSupport
import Testing

/// The library's ready-made presenters on a composed app: typed actions in and typed screens out
/// (``ScreenStack``, what a SwiftUI app binds to), or intents in and view state out
/// (``GenericScreenStack``).
@MainActor
@Suite struct ScreenStackAppTests {
    let folder = TemporaryDirectory()

    @Test func typedScreenStack_onVirtualTime_showsHomeWithACardAfterSubmit_andTheLastChangeIsWhatIsShown()
        throws
    {
        let stack = ScreenStack()
        var changes: [ShownScreens] = []
        stack.onChange = { changes.append($0) }
        let app = DiscoverApp.embedded(
            presenter: stack, storageDirectory: folder.url, clock: .virtual(start: EmbeddedBackend.demoStart))
        app.launch()
        try stack.send(.welcome(.logInTapped))
        try stack.send(.loginForm(.fieldChanged(.username, "carol")))
        try stack.send(.loginForm(.fieldChanged(.password, "christmas1")))
        try stack.send(.loginForm(.submitTapped))
        #expect(changes.last == stack.shown)
        guard case .home(let home) = stack.shown.stack.last, case .deck(let deck) = home.tab,
            case .card(let card) = deck.content
        else {
            Issue.record("home shows no card: \(stack.shown)")
            return
        }
        #expect(!card.name.isEmpty)
        #expect(throws: ScreenStackError.self) { try stack.send(.welcome(.logInTapped)) }
    }

    @Test func genericScreenStack_onVirtualTime_seesHomeAfterSubmit_andTheLastChangeIsWhatIsShown() throws {
        let stack = GenericScreenStack()
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
