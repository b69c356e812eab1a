import Models
import Observation

/// A ready-made ``Presenter`` that keeps what is shown as one ``ShownScreens`` value and routes each
/// action to the handler of the screen, modal or alert that offers it.
///
/// A front end that draws from a value (a SwiftUI view, a web page, a text renderer) reads ``shown``
/// (SwiftUI observes it) or sets ``onChange``, draws it, and ``send(_:)``s what the user does. An
/// action the value on top does not offer is refused with a typed error and reaches no flow.
@MainActor
public final class ScreenStack: Presenter, Observable {
    private struct Entry<Value> {
        var value: Value
        let onAction: ActionHandler
    }

    private var stack: [Entry<AppScreen>] = []
    private var modals: [Entry<AppModal>] = []
    private var shownAlert: Entry<AppAlert>?
    private let registrar = ObservationRegistrar()

    /// Called once after every change of ``shown``, with the new value.
    public var onChange: (@MainActor (ShownScreens) -> Void)?

    /// Creates an empty stack.
    public init() {}

    /// What is shown now; reading it inside `withObservationTracking` (SwiftUI) registers interest.
    public var shown: ShownScreens {
        registrar.access(self, keyPath: \.shown)
        return ShownScreens(stack: stack.map(\.value), modals: modals.map(\.value), alert: shownAlert?.value)
    }

    /// Sends what the user did: to the alert when one is shown (which dismisses it), else to the
    /// modal or screen on top.
    ///
    /// - Throws: ``ScreenStackError/nothingShown`` when nothing is shown,
    ///   ``ScreenStackError/noSuchAction(_:)`` when the alert or the value on top does not offer
    ///   `action`; nothing is sent then.
    public func send(_ action: AppAction) throws(ScreenStackError) {
        if let alert = shownAlert {
            guard alert.value.offers(action) else { throw .noSuchAction("\(action)") }
            shownAlert = nil
            changed()
            return alert.onAction(action)
        }
        if let modal = modals.last {
            guard modal.value.offers(action) else { throw .noSuchAction("\(action)") }
            return modal.onAction(action)
        }
        guard let top = stack.last else { throw .nothingShown }
        guard top.value.offers(action) else { throw .noSuchAction("\(action)") }
        top.onAction(action)
    }

    // MARK: Presenter

    /// Replaces the stack, modals and alert with one screen.
    public func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack = [Entry(value: screen, onAction: onAction)]
        modals = []
        shownAlert = nil
        changed()
    }

    /// Pushes a screen.
    public func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        stack.append(Entry(value: screen, onAction: onAction))
        changed()
    }

    /// Replaces the top screen of the stack.
    public func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        if !stack.isEmpty { stack.removeLast() }
        stack.append(Entry(value: screen, onAction: onAction))
        changed()
    }

    /// Pops the top screen, never the root.
    public func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        changed()
    }

    /// Presents a modal above the stack.
    public func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        modals.append(Entry(value: modal, onAction: onAction))
        changed()
    }

    /// Dismisses the top modal.
    public func dismiss() {
        guard !modals.isEmpty else { return }
        modals.removeLast()
        changed()
    }

    /// Replaces the newest screen of the stack with the same id, keeping its handler; an equal value
    /// changes nothing.
    public func update(_ screen: AppScreen) {
        guard let index = stack.lastIndex(where: { $0.value.id == screen.id }), stack[index].value != screen
        else { return }
        stack[index].value = screen
        changed()
    }

    /// Replaces the newest modal with the same id, keeping its handler; an equal value changes nothing.
    public func update(_ modal: AppModal) {
        guard let index = modals.lastIndex(where: { $0.value.id == modal.id }), modals[index].value != modal
        else { return }
        modals[index].value = modal
        changed()
    }

    /// Shows an alert above everything.
    public func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) {
        shownAlert = Entry(value: alert, onAction: onAction)
        changed()
    }

    private func changed() {
        registrar.withMutation(of: self, keyPath: \.shown) {}
        onChange?(shown)
    }
}
