import Contexts
import Models

/// Scripts viewing someone's full profile (`discover://profile/<user>`).
///
/// 1. Push the profile screen, loading.
/// 2. Show the profile, "not available", or a failure with "Retry".
/// 3. "Back" pops it and hands back to the parent flow.
@MainActor
public final class ProfileFlow: FlowNode {
    /// What this flow shows, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "ProfileFlow", screens: [.profile],
        transitions: [.init(.home, .profile, on: "a profile link"), .init(.profile, .home, on: "Back")])

    private let environment: FlowEnvironment
    /// The context this flow scripts.
    public let context: ProfileViewerContext
    private let onClosed: @MainActor () -> Void
    private var observations: [ObservationToken] = []

    /// Creates the flow; `onClosed` runs when the user goes back.
    public init(
        environment: FlowEnvironment, context: ProfileViewerContext, onClosed: @escaping @MainActor () -> Void
    ) {
        self.environment = environment
        self.context = context
        self.onClosed = onClosed
        super.init(name: "ProfileFlow")
        own(context)
    }

    /// The viewer context's state.
    public override var stateSummary: String? {
        "ProfileViewerContext: \(ProfileScreens.summary(context.snapshot))"
    }

    /// Pushes the screen and loads the profile.
    public override func start() {
        environment.show(ProfileScreens.screen(context.snapshot), .push, by: self) { [weak self] in
            self?.handle($0)
        }
        observations = watch(
            context,
            render: { [weak self] state in self?.environment.update(ProfileScreens.screen(state)) })
        context.load()
    }

    /// What the user does on the profile: "Back" pops it, "Retry" loads it again.
    private func handle(_ action: ProfileScreen.Action) {
        switch action {
        case .backTapped:
            observations = []
            environment.pop(by: self)
            onClosed()
        case .retryTapped:
            context.load()
        }
    }
}
