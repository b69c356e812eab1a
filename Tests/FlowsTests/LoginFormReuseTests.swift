import Models
import Testing

@testable import Flows

/// The login form reuses the field elements of the render before: every render in a sequence must
/// equal the form built afresh, whatever changed since the last one.
@Suite struct LoginFormReuseTests {
    /// Renders `states` in order through one kept list, checking each against the reference form.
    func expectEachRenderMatchesAFreshForm(_ states: [LoginState]) {
        var kept: [LoginScreens.KeptField] = []
        for state in states {
            for canGoBack in [false, true] {
                #expect(
                    LoginScreens.form(state, canGoBack: canGoBack, keeping: &kept)
                        == LoginScreensTests.referenceForm(state, canGoBack: canGoBack))
            }
        }
    }

    @Test func renders_afterEveryKindOfChange_matchFormsBuiltAfresh() {
        let states = LoginScreensTests.states()
        expectEachRenderMatchesAFreshForm(states)
        expectEachRenderMatchesAFreshForm(states.reversed())
    }

    @Test func typing_changesOnlyTheEditedField_andShowsEveryValueTyped() {
        var state = LoginState()
        var states: [LoginState] = [state]
        for text in ["a", "al", "ali", "alice", "alice", ""] {
            state.values[.username] = text
            states.append(state)
            state.values[.password] = text + "!"
            states.append(state)
        }
        state.showsFieldErrors = true
        state.fieldErrors = [.password: .tooShort(minimum: 8)]
        states.append(state)
        state.fieldErrors = [.username: .required]
        states.append(state)
        state.mode = .signUp
        states.append(state)
        state.mode = .signIn
        states.append(state)
        expectEachRenderMatchesAFreshForm(states)
    }

    @Test func aFieldTyped_isShownWithItsNewValue_whileTheOtherIsReused() {
        var kept: [LoginScreens.KeptField] = []
        var state = LoginState(values: [.username: "alice"])
        _ = LoginScreens.form(state, canGoBack: true, keeping: &kept)
        state.values[.password] = "wonderland"
        let fields = LoginScreens.form(state, canGoBack: true, keeping: &kept).fields
        #expect(fields.map(\.value) == ["alice", "wonderland"])
        #expect(kept.map(\.value) == ["alice", "wonderland"])
    }
}
