import Models
import Services

/// What every flow of one app shares: the front end, the analytics sink and the services.
///
/// Showing a screen through ``show(_:_:by:onIntent:)`` also fires ``Models/AnalyticsEvent/screenShown(_:)``.
/// Every call that changes the screen names the flow that makes it, so a front end that is
/// ``MoveAttributing`` can check the move against that flow's ``FlowDeclaration``.
@MainActor
public final class FlowEnvironment {
    /// How a screen is shown.
    public enum Placement: Sendable {
        /// Replace everything shown.
        case root
        /// Push on the navigation stack.
        case push
        /// Replace the top of the stack.
        case replaceTop
        /// Present modally.
        case modal
    }

    /// The front end.
    public let presenter: any Presenter
    /// Where analytics go.
    public let analytics: any AnalyticsSink
    /// The backend's services.
    public let services: AppServices

    /// Bundles the shared parts.
    public init(presenter: any Presenter, analytics: any AnalyticsSink, services: AppServices) {
        self.presenter = presenter
        self.analytics = analytics
        self.services = services
    }

    /// Shows a screen for `flow` and records that it was shown.
    public func show(
        _ screen: Screen, _ placement: Placement, by flow: FlowNode, onIntent: @escaping IntentHandler
    ) {
        attributed(to: flow) {
            switch placement {
            case .root: presenter.setRoot(screen, onIntent: onIntent)
            case .push: presenter.push(screen, onIntent: onIntent)
            case .replaceTop: presenter.replaceTop(screen, onIntent: onIntent)
            case .modal: presenter.present(screen, onIntent: onIntent)
            }
        }
        analytics.record(.screenShown(screen.id))
    }

    /// Pops the top screen of the navigation stack for `flow`.
    public func pop(by flow: FlowNode) {
        attributed(to: flow) { presenter.pop() }
    }

    /// Dismisses the top modal screen for `flow`.
    public func dismiss(by flow: FlowNode) {
        attributed(to: flow) { presenter.dismiss() }
    }

    private func attributed(to flow: FlowNode, _ change: () -> Void) {
        if let attributing = presenter as? any MoveAttributing {
            attributing.moving(by: flow.name, change)
        } else {
            change()
        }
    }
}
