import Contexts
import EmbeddedBackend
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite struct LoginContextTests {
    let directory = TemporaryDirectory()
    let backend: EmbeddedBackend
    let context: LoginContext

    init() {
        backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        context = LoginContext(auth: backend.makeServices().auth, scheduler: backend.scheduler)
    }

    @Test func submit_emitsSubmittingThenCompleted_asSnapshots() {
        backend.server.latency = .seconds(1)
        let phases = Recorder<String>()
        let token = context.observe { state in
            phases.values.append(
                state.completed != nil ? "completed" : state.isSubmitting ? "submitting" : "editing")
        }
        context.fieldChanged(.username, to: "alice")
        context.fieldChanged(.password, to: "wonderland")
        context.submit()
        context.submit()
        backend.scheduler.advance(by: .seconds(1))
        #expect(phases.values == ["editing", "editing", "editing", "submitting", "completed"])
        #expect(backend.server.requestCount(.signIn) == 1)
        #expect(context.state.completed?.user.id == "alice")
        withExtendedLifetime(token) {}
    }

    @Test func invalidForm_showsErrors_andSendsNothing_thenRevalidatesAsTheUserTypes() {
        context.submit()
        #expect(context.state.showsFieldErrors)
        #expect(context.state.fieldErrors == [.username: .required, .password: .required])
        context.fieldChanged(.username, to: "alice")
        #expect(context.state.fieldErrors == [.password: .required])
        #expect(backend.server.requestCount(.signIn) == 0)
    }

    @Test func rateLimit_countsDownOnTheScheduler_andReEnablesSubmit() {
        backend.server.failNextRequest(with: .rateLimited(retryAfterSeconds: 3))
        context.fieldChanged(.username, to: "alice")
        context.fieldChanged(.password, to: "wonderland")
        context.submit()
        backend.scheduler.runDue()
        var remaining = [context.state.rateLimitSecondsRemaining]
        for _ in 0..<3 {
            context.submit()
            backend.scheduler.advance(by: .seconds(1))
            remaining.append(context.state.rateLimitSecondsRemaining)
        }
        #expect(remaining == [3, 2, 1, 0])
        #expect(context.state.failure == nil)
        #expect(context.state.canSubmit)
        #expect(backend.server.requestCount(.signIn) == 1)
    }
}
