import Contexts
import EmbeddedBackend
import Flows
import Foundation
import Services

/// One engine signed in as alice with no front end: an app flow over a null presenter.
@MainActor
final class HeadlessBenchSession {
    let backend: EmbeddedBackend
    let app: AppFlow

    init(backend: EmbeddedBackend, services: AppServices) {
        self.backend = backend
        app = AppFlow(services: services, presenter: NullPresenter(), analytics: CountingAnalytics())
    }

    var main: MainFlow? { app.sessionFlow?.mainFlow }
    var chat: ChatContext? { main?.chat }

    func signIn() -> Bool {
        app.launch()
        backend.scheduler.runDue()
        guard let login = app.sessionFlow?.children.first as? LoginFlow else { return main != nil }
        login.context.fieldChanged(.username, to: "alice")
        login.context.fieldChanged(.password, to: "wonderland")
        login.context.submit()
        backend.scheduler.runDue()
        return main != nil
    }

    func logout() {
        app.sessionFlow?.context.logout()
        backend.scheduler.runDue()
    }
}
