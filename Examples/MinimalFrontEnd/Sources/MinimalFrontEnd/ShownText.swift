import Models

/// What a front end reads from what is shown, as lines of text: a screen's id and what it holds, a
/// modal's, an alert's.
enum ShownText {
    /// The screen's id, then a line per thing it shows that this sample reads.
    static func lines(of screen: AppScreen) -> [String] {
        ["screen \(screen.id) "] + details(of: screen)
    }

    /// What home's deck shows: the top card and the likes left.
    private static func details(of screen: AppScreen) -> [String] {
        guard case .home(let home) = screen, case .deck(let deck) = home.tab else { return [] }
        var lines: [String] = []
        if case .card(let card) = deck.content {
            lines.append(
                "  card \(card.id): \(card.name), \(card.age), \(card.distanceKm) km, shares \(card.sharedInterests)"
            )
        }
        if let left = deck.likesLeft {
            lines.append("  likes left: \(left.likes), super likes left: \(left.superLikes)")
        }
        return lines
    }

    /// The modal's id.
    static func lines(of modal: AppModal) -> [String] { ["modal \(modal.id)"] }

    /// The alert's title.
    static func lines(of alert: AppAlert) -> [String] {
        switch alert {
        case .logOut(let logOut): ["alert \"Log out?\": \(logOut.unsentMessages) message(s) not sent"]
        case .endMatch(let end): ["alert \"\(end.isBlock ? "Block" : "Unmatch") \(end.name)?\""]
        case .outOfSuperLikes: ["alert \"No super likes left\""]
        case .unknownLink: ["alert \"Can't open link\""]
        }
    }
}
