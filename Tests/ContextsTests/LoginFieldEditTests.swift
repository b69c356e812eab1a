import Contexts
import EmbeddedBackend
import Models
import Services
import TestSupport
import Testing

/// Editing the login form's fields: a new text notifies once, the same text again notifies nobody.
@MainActor
@Suite struct LoginFieldEditTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let context: LoginContext

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        context = LoginContext(auth: backend.makeServices().auth, scheduler: backend.scheduler)
    }

    @Test func eachNewText_notifiesOnce_withTheValuesSoFar() {
        let heard = Recorder<[LoginField: String]>()
        let token = context.observe { heard.values.append($0.values) }
        context.fieldChanged(.username, to: "a")
        context.fieldChanged(.username, to: "al")
        context.fieldChanged(.password, to: "pw")
        #expect(
            heard.values == [
                [:], [.username: "a"], [.username: "al"], [.username: "al", .password: "pw"],
            ])
        withExtendedLifetime(token) {}
    }

    @Test func theSameTextAgain_notifiesNobody_butAnEmptyTextInANewField_isAChange() {
        let heard = Recorder<[LoginField: String]>()
        let token = context.observe { heard.values.append($0.values) }
        context.fieldChanged(.username, to: "alice")
        context.fieldChanged(.username, to: "alice")
        context.fieldChanged(.password, to: "")
        context.fieldChanged(.password, to: "")
        #expect(heard.values == [[:], [.username: "alice"], [.username: "alice", .password: ""]])
        withExtendedLifetime(token) {}
    }

    @Test func aSnapshotKeptByAnObserver_keepsItsValues_afterTheNextEdit() {
        let kept = Recorder<LoginState>()
        let token = context.observe { kept.values.append($0) }
        context.fieldChanged(.username, to: "bob")
        context.fieldChanged(.username, to: "bobby")
        #expect(kept.values.map { $0.value(.username) } == ["", "bob", "bobby"])
        withExtendedLifetime(token) {}
    }
}
