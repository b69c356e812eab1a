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
        name: "ProfileFlow", screens: [.profile], transitions: [.init(.profile, .home, on: "Back")])

    static let retry: ActionID = "retry"

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
    }

    /// The viewer context's state.
    public override var stateSummary: String? { "ProfileViewerContext: \(Self.summary(context.snapshot))" }

    /// Pushes the screen and loads the profile.
    public func start() {
        environment.show(Self.screen(context.snapshot), .push) { [weak self] in self?.intent($0) }
        observations = watch(
            context, render: { [weak self] state in self?.environment.presenter.update(Self.screen(state)) })
        context.load()
    }

    private func intent(_ intent: Intent) {
        switch intent {
        case .tap(.back):
            observations = []
            environment.presenter.pop()
            onClosed()
        case .tap(Self.retry):
            context.load()
        default:
            break
        }
    }

    static func screen(_ state: ProfileViewState) -> Screen {
        let back = ScreenElement.action(ScreenAction(id: .back, label: "Back"))
        switch state {
        case .loading:
            return Screen(id: .profile, title: "Profile", elements: [.text("Loading…"), back])
        case .loaded(let profile):
            var elements: [ScreenElement] = [.text("\(profile.displayName), \(profile.age)")]
            if !profile.profile.bio.isEmpty { elements.append(.text(profile.profile.bio)) }
            if !profile.profile.interests.isEmpty {
                elements.append(
                    .text("Interests: " + profile.profile.interests.map(\.name).joined(separator: ", ")))
            }
            elements.append(back)
            return Screen(id: .profile, title: profile.displayName, elements: elements)
        case .notFound:
            return Screen(
                id: .profile, title: "Profile", elements: [.notice("This profile isn't available."), back])
        case .failed(_, let failure):
            return Screen(
                id: .profile, title: "Profile",
                elements: [
                    .error(Copy.banner(for: failure)),
                    .action(ScreenAction(id: retry, label: "Retry", style: .primary)),
                    back,
                ])
        }
    }

    private static func summary(_ state: ProfileViewState) -> String {
        switch state {
        case .loading(let user): "loading \(user)"
        case .loaded(let profile): "loaded \(profile.id)"
        case .notFound(let user): "not found \(user)"
        case .failed(let user, let failure): "failed \(user) \(failure)"
        }
    }
}
