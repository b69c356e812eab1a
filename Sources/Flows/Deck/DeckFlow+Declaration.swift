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
            // A queued swipe's answer can arrive while a profile, a conversation or the preferences
            // cover home: the modal covers them, and goes back to them (to a conversation as
            // "Send a message" does, declared above).
            .init(.profile, .match, on: "a queued like's match"), .init(.match, .profile, on: "Keep swiping"),
            .init(.profile, .outOfLikes, on: "a queued like at the limit"),
            .init(.outOfLikes, .profile, on: "OK or reset"),
            .init(.chat, .match, on: "a queued like's match"),
            .init(.chat, .outOfLikes, on: "a queued like at the limit"),
            .init(.outOfLikes, .chat, on: "OK or reset"),
            .init(.preferences, .match, on: "a queued like's match"),
            .init(.match, .preferences, on: "Keep swiping"),
            .init(.preferences, .outOfLikes, on: "a queued like at the limit"),
            .init(.outOfLikes, .preferences, on: "OK or reset"),
        ],
        children: ["PreferencesFlow"])
}

extension DeckFlow {
    /// The modal the deck shows above home.
    enum Modal: Equatable {
        /// "It's a match!" for a new match.
        case match(Match)
        /// The out-of-likes countdown.
        case outOfLikes(secondsLeft: Int)
    }
}
