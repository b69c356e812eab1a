import Models

/// Builds the deck's modals and the full profile of a card (``DeckContent`` builds its part of home).
enum DeckScreens {
    static let pass: ActionID = "deck:pass"
    static let like: ActionID = "deck:like"
    static let superLike: ActionID = "deck:superLike"
    static let rewind: ActionID = "deck:rewind"
    static let openProfile: ActionID = "deck:profile"
    static let preferences: ActionID = "deck:preferences"
    static let retry: ActionID = "deck:retry"
    static let widen: ActionID = "deck:widen"
    static let sendMessage: ActionID = "match:message"
    static let keepSwiping: ActionID = "match:keepSwiping"
    static let ok: ActionID = "ok"

    static func card(_ candidate: Candidate, viewerInterests: [Interest]) -> [ScreenElement] {
        var elements: [ScreenElement] = [
            .text("\(candidate.displayName), \(candidate.age) · \(candidate.distanceKm) km away")
        ]
        if candidate.superLikedYou { elements.append(.notice("\(candidate.displayName) super liked you")) }
        if !candidate.bio.isEmpty { elements.append(.text(candidate.bio)) }
        let shared = candidate.interests.filter(viewerInterests.contains)
        if !shared.isEmpty {
            elements.append(.text("Shared interests: " + shared.map(\.name).joined(separator: ", ")))
        }
        return elements
    }

    static func fullProfile(_ candidate: Candidate, viewerInterests: [Interest]) -> Screen {
        var elements = card(candidate, viewerInterests: viewerInterests)
        elements.append(.text("Interests: " + candidate.interests.map(\.name).joined(separator: ", ")))
        elements.append(.action(ScreenAction(id: .back, label: "Back")))
        return Screen(id: .profile, title: candidate.displayName, elements: elements)
    }

    static func match(_ match: Match) -> Screen {
        Screen(
            id: .match, title: "It's a match!",
            elements: [
                .text("You and \(match.displayName) like each other."),
                .action(ScreenAction(id: sendMessage, label: "Send a message", style: .primary)),
                .action(ScreenAction(id: keepSwiping, label: "Keep swiping")),
            ])
    }

    static func outOfLikes(secondsRemaining: Int) -> Screen {
        Screen(
            id: .outOfLikes, title: "You're out of likes",
            elements: [
                .text("You've used today's likes."),
                .text("Likes come back in \(duration(secondsRemaining))."),
                .action(ScreenAction(id: ok, label: "OK", style: .primary)),
            ])
    }

    static let outOfSuperLikes = ScreenAlert(
        title: "No super likes left", message: "You get one super like a day.",
        actions: [ScreenAction(id: ok, label: "OK", style: .primary)])

    /// Seconds as `Xh Ym`, or `Ym` under an hour, rounding up to the minute.
    static func duration(_ seconds: Int) -> String {
        let minutes = (seconds + 59) / 60
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }
}
