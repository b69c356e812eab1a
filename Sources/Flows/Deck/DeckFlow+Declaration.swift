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
            // A queued swipe's answer can arrive while the full profile shows: the modal covers it.
            .init(.profile, .match, on: "a queued like's match"), .init(.match, .profile, on: "Keep swiping"),
            .init(.profile, .outOfLikes, on: "a queued like at the limit"),
            .init(.outOfLikes, .profile, on: "OK or reset"),
        ],
        children: ["PreferencesFlow"])
}
