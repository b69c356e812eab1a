import Flows
import Models

/// A ``Flows/Presenter`` that shows the typed screens in their generic form: one ``ViewState``, and
/// ``Intent``s with string ids sent back — what a text, web or scenario front end draws and drives.
///
/// It keeps a ``Flows/ScreenStack`` of the typed values and projects each value that changed onto its
/// generic form once. An intent is checked against what is shown (an action that is not there, or is
/// disabled, or a field that is not there, is refused with a typed error and reaches no flow), then
/// read back as the typed action of the value on top through that value's table.
@MainActor
public final class GenericScreenStack: Presenter {
    private let typed = ScreenStack()
    /// The typed values last projected, and their generic form.
    private var projected: (shown: ShownScreens, view: ViewState) = (ShownScreens(), ViewState())

    /// Called once after every change of ``view``, with the new value.
    public var onChange: (@MainActor (ViewState) -> Void)?

    /// Creates an empty stack.
    public init() {
        typed.onChange = { [weak self] shown in self?.project(shown) }
    }

    /// What is shown now, in the generic form.
    public var view: ViewState { projected.view }

    /// What is shown now, as typed values.
    public var shown: ShownScreens { projected.shown }

    /// The screen on top: the last modal, else the top of the stack.
    public var top: Screen? { projected.view.top }

    /// The alert shown, if any.
    public var alert: ScreenAlert? { projected.view.alert }

    /// Sends what the user did: to the alert when one is shown (which dismisses it), else to the
    /// screen on top.
    ///
    /// - Throws: ``Flows/ScreenStackError`` when nothing is shown, the action is not on the alert or the
    ///   top screen, it is disabled, or the field is not on the top screen; nothing is sent then.
    public func send(_ intent: Intent) throws(ScreenStackError) {
        let (shown, view) = projected
        if let alert = view.alert, let typedAlert = shown.alert {
            guard case .tap(let id) = intent, alert.actions.contains(where: { $0.id == id }),
                let action = typedAlert.action(for: intent)
            else { throw intent.isTap ? .noSuchAction(intent.target) : .noSuchField(intent.target) }
            return try typed.send(action)
        }
        guard let top = view.top else { throw .nothingShown }
        switch intent {
        case .tap(let id):
            guard let action = top.actions.first(where: { $0.id == id }) else {
                throw .noSuchAction(id.rawValue)
            }
            guard action.isEnabled else { throw .actionDisabled(id.rawValue) }
        case .edit(let id, _):
            guard top.fields.contains(where: { $0.id == id }) else { throw .noSuchField(id.rawValue) }
        }
        let action = shown.modals.last.map { $0.action(for: intent) } ?? shown.stack.last?.action(for: intent)
        guard let action else {
            throw intent.isTap ? .noSuchAction(intent.target) : .noSuchField(intent.target)
        }
        try typed.send(action)
    }

    /// Projects what changed since the last projection, and tells ``onChange``.
    private func project(_ shown: ShownScreens) {
        let before = projected
        func reused<Value: Equatable, Generic>(
            _ values: [Value], _ old: [Value], _ oldGeneric: [Generic], _ project: (Value) -> Generic
        ) -> [Generic] {
            values.indices.map { index in
                index < old.count && old[index] == values[index] ? oldGeneric[index] : project(values[index])
            }
        }
        let view = ViewState(
            stack: reused(shown.stack, before.shown.stack, before.view.stack, \.generic),
            modals: reused(shown.modals, before.shown.modals, before.view.modals, \.generic),
            alert: shown.alert == before.shown.alert ? before.view.alert : shown.alert?.generic)
        projected = (shown, view)
        onChange?(view)
    }

    // MARK: Presenter

    /// Replaces the stack, modals and alert with one screen.
    public func setRoot(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        typed.setRoot(screen, onAction: onAction)
    }

    /// Pushes a screen.
    public func push(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        typed.push(screen, onAction: onAction)
    }

    /// Replaces the top screen of the stack.
    public func replaceTop(_ screen: AppScreen, onAction: @escaping ActionHandler) {
        typed.replaceTop(screen, onAction: onAction)
    }

    /// Pops the top screen, never the root.
    public func pop() { typed.pop() }

    /// Presents a modal above the stack.
    public func present(_ modal: AppModal, onAction: @escaping ActionHandler) {
        typed.present(modal, onAction: onAction)
    }

    /// Dismisses the top modal.
    public func dismiss() { typed.dismiss() }

    /// Replaces the newest screen of the stack with the same id.
    public func update(_ screen: AppScreen) { typed.update(screen) }

    /// Replaces the newest modal with the same id.
    public func update(_ modal: AppModal) { typed.update(modal) }

    /// Shows an alert above everything.
    public func showAlert(_ alert: AppAlert, onAction: @escaping ActionHandler) {
        typed.showAlert(alert, onAction: onAction)
    }
}

extension Intent {
    fileprivate var isTap: Bool {
        if case .tap = self { return true }
        return false
    }

    fileprivate var target: String {
        switch self {
        case .tap(let id): id.rawValue
        case .edit(let id, _): id.rawValue
        }
    }
}
