import Contexts
import Models

/// Scripts editing who the user looks for ("Widen preferences" / "Preferences").
///
/// 1. Push the form: minimum age, maximum age, maximum distance.
/// 2. "Save" validates (messages beside each field), then saves once.
/// 3. On success hand the new preferences back (the deck reloads) and pop; "Cancel" just pops.
@MainActor
public final class PreferencesFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "PreferencesFlow", screens: [.preferences],
        transitions: [.init(.preferences, .home, on: "Save or Cancel")])

    static let save: ActionID = "save"
    static let cancel: ActionID = "cancel"

    /// The context this flow scripts.
    public let context: PreferencesContext
    private let environment: FlowEnvironment
    private let onFinished: @MainActor (SearchPreferences?) -> Void
    private var observations: [ObservationToken] = []

    /// Creates the flow; `onFinished` gets the saved preferences, or `nil` when cancelled.
    public init(
        environment: FlowEnvironment, context: PreferencesContext,
        onFinished: @escaping @MainActor (SearchPreferences?) -> Void
    ) {
        self.environment = environment
        self.context = context
        self.onFinished = onFinished
        super.init(name: "PreferencesFlow")
    }

    /// The editor's state.
    public override var stateSummary: String? {
        "PreferencesContext: saving=\(context.snapshot.isSaving) saved=\(context.snapshot.saved != nil)"
    }

    /// Pushes the form.
    public func start() {
        environment.show(Self.screen(context.snapshot), .push) { [weak self] in self?.intent($0) }
        observations = watch(context, render: { [weak self] state in self?.render(state) })
    }

    private func intent(_ intent: Intent) {
        switch intent {
        case .edit(let id, let value):
            if let field = ProfileSetupScreens.field(for: id) { context.fieldChanged(field, to: value) }
        case .tap(Self.save):
            context.save()
        case .tap(Self.cancel):
            finish(nil)
        default:
            break
        }
    }

    private func render(_ state: PreferencesState) {
        environment.presenter.update(Self.screen(state))
        if let saved = state.saved { finish(saved) }
    }

    private func finish(_ saved: SearchPreferences?) {
        guard !observations.isEmpty else { return }
        observations = []
        environment.presenter.pop()
        if saved != nil { environment.analytics.record(.preferencesChanged) }
        onFinished(saved)
    }

    static func screen(_ state: PreferencesState) -> Screen {
        func error(_ field: ProfileField) -> String? {
            guard state.showsFieldErrors, let error = state.fieldErrors[field] else { return nil }
            return Copy.message(for: error)
        }
        var elements: [ScreenElement] = [.text("Who would you like to meet?")]
        if let failure = state.failure { elements.append(.error(Copy.banner(for: failure))) }
        elements += [
            .field(
                ScreenField(
                    id: ProfileSetupScreens.fieldID(.minimumAge), label: "Minimum age",
                    value: state.minimumAge,
                    error: error(.minimumAge))),
            .field(
                ScreenField(
                    id: ProfileSetupScreens.fieldID(.maximumAge), label: "Maximum age",
                    value: state.maximumAge,
                    error: error(.maximumAge))),
            .field(
                ScreenField(
                    id: ProfileSetupScreens.fieldID(.maximumDistance), label: "Maximum distance (km)",
                    value: state.maximumDistance, error: error(.maximumDistance))),
            .action(ScreenAction(id: save, label: "Save", isEnabled: !state.isSaving, style: .primary)),
            .action(ScreenAction(id: cancel, label: "Cancel", isEnabled: !state.isSaving)),
        ]
        return Screen(id: .preferences, title: "Preferences", elements: elements)
    }
}
