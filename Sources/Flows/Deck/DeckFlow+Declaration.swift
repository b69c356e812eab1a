import Models

extension DeckFlow {
    /// What this flow shows and starts, for the flow graph.
    nonisolated public static let declaration = FlowDeclaration(
        name: "DeckFlow", screens: [.match, .outOfLikes, .profile],
        transitions: [
            .init(.home, .match, on: "mutual like"), .init(.match, .chat, on: "Send a message"),
            .init(.match, .home, on: "Keep swiping"), .init(.home, .outOfLikes, on: "like at the limit"),
            .init(.outOfLikes, .home, on: "OK or reset"), .init(.home, .profile, on: "Open profile"),
            .init(.profile, .home, on: "Back"),
            .init(.home, .preferences, on: "Widen preferences"),
        ],
        children: ["PreferencesFlow"])
}
