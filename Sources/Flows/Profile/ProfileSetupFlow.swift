import Contexts
import Models

/// Scripts sign-up's last step: profile set-up.
///
/// 1. Show the form: bio, interests to pick, the age range and distance the user looks for.
/// 2. "Save" validates locally (messages beside each field), then saves once.
/// 3. On success, or on "Skip for now", hand back to the ``MainFlow``.
/// 4. A revoked session raises ``Models/SessionError`` up to the ``SessionFlow``.
@MainActor
public final class ProfileSetupFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "ProfileSetupFlow", screens: [.profileSetup])

    private let environment: FlowEnvironment
    /// The context this flow scripts.
    public let context: ProfileSetupContext
    private let onFinished: @MainActor () -> Void
    private var observations: [ObservationToken] = []
    private var finished = false

    /// Creates the flow; `onFinished` runs once, after a save or a skip.
    public init(
        environment: FlowEnvironment, context: ProfileSetupContext,
        onFinished: @escaping @MainActor () -> Void
    ) {
        self.environment = environment
        self.context = context
        self.onFinished = onFinished
        super.init(name: "ProfileSetupFlow")
        own(context)
    }

    /// The profile set-up context's state.
    public override var stateSummary: String? {
        let state = context.snapshot
        return
            "ProfileSetupContext: interests=\(state.interests.count) saving=\(state.isSaving) saved=\(state.saved != nil)"
    }

    /// Shows the form as the root screen.
    public override func start() {
        environment.show(ProfileSetupScreens.screen(context.snapshot), .root, by: self) { [weak self] in
            self?.handle($0)
        }
        observations = watch(context, render: { [weak self] state in self?.render(state) })
    }

    /// What the user does on the form: edits and picks go to the context, "Save" saves, "Skip for
    /// now" finishes without saving.
    private func handle(_ action: ProfileSetupScreen.Action) {
        switch action {
        case .fieldChanged(let field, let value): context.fieldChanged(field, to: value)
        case .interestToggled(let interest): context.interestToggled(interest)
        case .saveTapped: context.save()
        case .skipTapped:
            guard !context.snapshot.isSaving else { return }
            environment.analytics.record(.profileSetupSkipped)
            finish()
        }
    }

    private func render(_ state: ProfileSetupState) {
        environment.update(ProfileSetupScreens.screen(state))
        if state.saved != nil {
            environment.analytics.record(.profileSetupCompleted)
            finish()
        }
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        observations = []
        onFinished()
    }
}
