import Contexts
import Interactors
import Models
import Services

/// The root of the flow tree: launches the app, takes deep links, keeps errors nobody handled.
///
/// 1. ``launch()`` starts the ``SessionFlow``.
/// 2. ``open(_:)`` parses a `discover://` link and broadcasts ``DeepLinkOpened`` down the tree; a link
///    it cannot parse raises ``Models/DeepLinkError``, handled here with an alert.
/// 3. Errors that reach the root unhandled are kept in ``FlowNode/unhandledErrors``.
@MainActor
public final class AppFlow: FlowNode {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "AppFlow", screens: [], children: ["SessionFlow"],
        deepLinks: [
            ("discover://deck", .home), ("discover://matches", .home), ("discover://chat/<match>", .chat),
            ("discover://profile/<user>", .profile),
        ])

    /// The shared environment of every flow.
    public let environment: FlowEnvironment
    /// The session flow, once launched.
    public private(set) var sessionFlow: SessionFlow?

    /// Creates the app over a backend's services and a front end.
    public init(services: AppServices, presenter: any Presenter, analytics: any AnalyticsSink) {
        self.environment = FlowEnvironment(presenter: presenter, analytics: analytics, services: services)
        super.init(name: "AppFlow")
        handle(DeepLinkError.self) { [weak self] error in self?.deepLinkFailed(error) }
    }

    /// Call when the app starts.
    public func launch() {
        guard sessionFlow == nil else { return }
        environment.analytics.record(.appLaunched)
        let session = SessionFlow(environment: environment)
        sessionFlow = session
        attach(session)
        session.start()
    }

    /// Call when the system asks the app to open a link.
    public func open(_ link: String) {
        switch DeepLinkParser.parse(link) {
        case .success(let route): broadcast(DeepLinkOpened(route: route))
        case .failure(let error): raise(error)
        }
    }

    private func deepLinkFailed(_ error: DeepLinkError) {
        environment.analytics.record(.deepLinkRejected)
        environment.alert(UnknownLinkAlert()) { _ in }
    }
}
