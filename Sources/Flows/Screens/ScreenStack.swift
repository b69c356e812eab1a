import Models

/// A ready-made ``Presenter`` that keeps what is shown as one ``Models/ViewState`` value and routes
/// intents to the handler of the screen or alert they belong to.
///
/// A front end that draws from a value (a web page, a SwiftUI view over an `@Observable` wrapper, a
/// server-driven UI) uses it instead of writing its own stack: read ``view`` (or set ``onChange``),
/// draw it, and ``send(_:)`` what the user does. A tap or edit that names nothing shown, or a disabled
/// action, is refused with a typed error and reaches no flow.
@MainActor
public final class ScreenStack: Presenter {
    private struct Entry {
        var screen: Screen
        let onIntent: IntentHandler
    }

    private var stack: [Entry] = []
    private var modals: [Entry] = []
    private var shownAlert: (alert: ScreenAlert, onIntent: IntentHandler)?

    /// Called once after every change of ``view``, with the new value.
    public var onChange: (@MainActor (ViewState) -> Void)?

    /// Creates an empty stack.
    public init() {}

    /// What is shown now.
    public var view: ViewState {
        ViewState(stack: stack.map(\.screen), modals: modals.map(\.screen), alert: shownAlert?.alert)
    }

    /// The screen on top: the last modal, else the top of the stack.
    public var top: Screen? { (modals.last ?? stack.last)?.screen }

    /// The alert shown, if any.
    public var alert: ScreenAlert? { shownAlert?.alert }

    /// Sends what the user did: to the alert when one is shown (which dismisses it), else to the
    /// screen on top.
    ///
    /// - Throws: ``ScreenStackError`` when nothing is shown, the action is not on the alert or the
    ///   top screen, it is disabled, or the field is not on the top screen; nothing is sent then.
    public func send(_ intent: Intent) throws(ScreenStackError) {
        if let shown = shownAlert {
            guard case .tap(let id) = intent, shown.alert.actions.contains(where: { $0.id == id }) else {
                throw intent.isTap ? .noSuchAction(intent.target) : .noSuchField(intent.target)
            }
            shownAlert = nil
            changed()
            shown.onIntent(intent)
            return
        }
        guard let top = modals.last ?? stack.last else { throw .nothingShown }
        switch intent {
        case .tap(let id):
            guard let action = top.screen.actions.first(where: { $0.id == id }) else {
                throw .noSuchAction(id.rawValue)
            }
            guard action.isEnabled else { throw .actionDisabled(id.rawValue) }
        case .edit(let id, _):
            guard top.screen.fields.contains(where: { $0.id == id }) else { throw .noSuchField(id.rawValue) }
        }
        top.onIntent(intent)
    }

    // MARK: Presenter

    /// Replaces the stack, modals and alert with one screen.
    public func setRoot(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack = [Entry(screen: screen, onIntent: onIntent)]
        modals = []
        shownAlert = nil
        changed()
    }

    /// Pushes a screen.
    public func push(_ screen: Screen, onIntent: @escaping IntentHandler) {
        stack.append(Entry(screen: screen, onIntent: onIntent))
        changed()
    }

    /// Replaces the top screen of the stack.
    public func replaceTop(_ screen: Screen, onIntent: @escaping IntentHandler) {
        if stack.isEmpty {
            stack = [Entry(screen: screen, onIntent: onIntent)]
        } else {
            stack[stack.count - 1] = Entry(screen: screen, onIntent: onIntent)
        }
        changed()
    }

    /// Pops the top screen, never the root.
    public func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        changed()
    }

    /// Presents a screen modally above the stack.
    public func present(_ screen: Screen, onIntent: @escaping IntentHandler) {
        modals.append(Entry(screen: screen, onIntent: onIntent))
        changed()
    }

    /// Dismisses the top modal screen.
    public func dismiss() {
        guard !modals.isEmpty else { return }
        modals.removeLast()
        changed()
    }

    /// Replaces the newest shown screen with the same id, keeping its handler.
    public func update(_ screen: Screen) {
        if let index = modals.lastIndex(where: { $0.screen.id == screen.id }) {
            guard modals[index].screen != screen else { return }
            modals[index].screen = screen
        } else if let index = stack.lastIndex(where: { $0.screen.id == screen.id }) {
            guard stack[index].screen != screen else { return }
            stack[index].screen = screen
        } else {
            return
        }
        changed()
    }

    /// Shows an alert above everything.
    public func showAlert(_ alert: ScreenAlert, onIntent: @escaping IntentHandler) {
        shownAlert = (alert, onIntent)
        changed()
    }

    private func changed() {
        onChange?(view)
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
