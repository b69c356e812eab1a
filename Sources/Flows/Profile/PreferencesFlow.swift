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
        own(context)
    }

    /// The editor's state.
    public override var stateSummary: String? {
        "PreferencesContext: saving=\(context.snapshot.isSaving) saved=\(context.snapshot.saved != nil)"
    }

    /// Pushes the form.
    public override func start() {
        environment.show(PreferencesScreens.screen(context.snapshot), .push, by: self) { [weak self] in
            self?.handle($0)
        }
        observations = watch(context, render: { [weak self] state in self?.render(state) })
    }

    /// Steps 2 and 3: what the user does on the form.
    private func handle(_ action: PreferencesScreen.Action) {
        switch action {
        case .fieldChanged(let field, let value): context.fieldChanged(field, to: value)
        case .saveTapped: context.save()
        case .cancelTapped: finish(nil)
        }
    }

    private func render(_ state: PreferencesState) {
        environment.update(PreferencesScreens.screen(state))
        if let saved = state.saved { finish(saved) }
    }

    private func finish(_ saved: SearchPreferences?) {
        guard !observations.isEmpty else { return }
        observations = []
        environment.pop(by: self)
        if saved != nil { environment.analytics.record(.preferencesChanged) }
        onFinished(saved)
    }
}
