import Models

extension MainFlow {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "MainFlow", screens: [.home],
        transitions: [
            .init(.signUp, .profileSetup, on: "account created"),
            .init(.profileSetup, .home, on: "Save or Skip"),
            .init(.chat, .home, on: "a link opens another place"),
            .init(.profile, .home, on: "a link opens another place"),
            .init(.preferences, .home, on: "a link opens another place"),
            .init(.match, .home, on: "a link opens another place"),
            .init(.outOfLikes, .home, on: "a link opens another place"),
        ],
        children: ["DeckFlow", "ProfileSetupFlow", "ProfileFlow", "ChatFlow"])

    /// Where the user is.
    enum Place {
        /// Not started.
        case idle
        /// Home has not shown yet: profile set-up comes first for a new account; a route opened
        /// meanwhile waits for it.
        case settingUp(ProfileSetupFlow, routeAfter: Route?)
        /// Home shows a tab.
        case home(HomeScreens.Tab)
        /// A profile or a conversation (its flow) covers home (on a tab); `homeIsStale` once home
        /// changed under it.
        case covered(HomeScreens.Tab, by: FlowNode, homeIsStale: Bool)

        /// The tab home shows (or will show first).
        var tab: HomeScreens.Tab {
            switch self {
            case .idle, .settingUp: .deck
            case .home(let tab), .covered(let tab, _, _): tab
            }
        }
    }
}
