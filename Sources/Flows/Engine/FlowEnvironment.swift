import Models
import Services

/// What every flow of one app shares: the front end, the analytics sink and the services.
///
/// Showing a screen through ``show(_:_:by:onAction:)`` or ``present(_:by:onAction:)`` also fires ``Models/AnalyticsEvent/screenShown(_:)``.
/// Every call that changes the screen names the flow that makes it, so a front end that is
/// ``MoveAttributing`` can check the move against that flow's ``FlowDeclaration``.
@MainActor
public final class FlowEnvironment {
    /// Where a screen of the stack goes.
    public enum Placement: Sendable {
        /// Replace everything shown.
        case root
        /// Push on the navigation stack.
        case push
        /// Replace the top of the stack.
        case replaceTop
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

    /// Shows a screen for `flow` and records that it was shown; `onAction` hears the screen's own
    /// actions.
    public func show<Screen: StackScreenValue>(
        _ screen: Screen, _ placement: Placement, by flow: FlowNode,
        onAction: @escaping @MainActor (Screen.Action) -> Void
    ) {
        let handler = Self.handler(of: Screen.self, onAction)
        attributed(to: flow) {
            switch placement {
            case .root: presenter.setRoot(screen.appScreen, onAction: handler)
            case .push: presenter.push(screen.appScreen, onAction: handler)
            case .replaceTop: presenter.replaceTop(screen.appScreen, onAction: handler)
            }
        }
        analytics.record(.screenShown(screen.appScreen.id))
    }

    /// Presents a modal for `flow` and records that it was shown; `onAction` hears the modal's own
    /// actions.
    public func present<Modal: ModalScreenValue>(
        _ modal: Modal, by flow: FlowNode, onAction: @escaping @MainActor (Modal.Action) -> Void
    ) {
        let handler = Self.handler(of: Modal.self, onAction)
        attributed(to: flow) { presenter.present(modal.appModal, onAction: handler) }
        analytics.record(.screenShown(modal.appModal.id))
    }

    /// Shows an alert; `onAction` hears the alert's own actions.
    public func alert<Alert: AlertValue>(
        _ alert: Alert, onAction: @escaping @MainActor (Alert.Action) -> Void
    ) {
        presenter.showAlert(alert.appAlert, onAction: Self.handler(of: Alert.self, onAction))
    }

    /// Shows the screen of the stack with `screen`'s id anew.
    public func update(_ screen: some StackScreenValue) {
        presenter.update(screen.appScreen)
    }

    /// Shows the modal with `modal`'s id anew.
    public func update(_ modal: some ModalScreenValue) {
        presenter.update(modal.appModal)
    }

    /// Pops the top screen of the navigation stack for `flow`.
    public func pop(by flow: FlowNode) {
        attributed(to: flow) { presenter.pop() }
    }

    /// Dismisses the top modal screen for `flow`.
    public func dismiss(by flow: FlowNode) {
        attributed(to: flow) { presenter.dismiss() }
    }

    /// The presenter's handler for a value of type `Value`: its own actions reach `onAction`.
    private static func handler<Value: ScreenValue>(
        of type: Value.Type, _ onAction: @escaping @MainActor (Value.Action) -> Void
    ) -> ActionHandler {
        { action in
            if let own = Value.action(in: action) { onAction(own) }
        }
    }

    private func attributed(to flow: FlowNode, _ change: () -> Void) {
        if let attributing = presenter as? any MoveAttributing {
            attributing.moving(by: flow.name, change)
        } else {
            change()
        }
    }
}
