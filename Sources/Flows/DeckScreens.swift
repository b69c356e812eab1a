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

    /// A card's lines: name, age and distance, a super like, the bio and the interests shared with
    /// the viewer (in the card's order).
    ///
    /// Built with ``TextBuilder``: a card is built on every swipe.
    static func card(_ candidate: Candidate, viewerInterests: [Interest]) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        elements.reserveCapacity(4)
        card(candidate, viewerInterests: viewerInterests, into: &elements)
        return elements
    }

    /// ``card(_:viewerInterests:)`` appended to `elements` (no array of its own to build and copy).
    static func card(
        _ candidate: Candidate, viewerInterests: [Interest], into elements: inout [ScreenElement]
    ) {
        elements.append(.text(headline(candidate)))
        if candidate.superLikedYou { elements.append(.notice(candidate.displayName + " super liked you")) }
        if !candidate.bio.isEmpty { elements.append(.text(candidate.bio)) }
        var shared = TextBuilder(capacity: 64)
        for interest in candidate.interests where viewerInterests.contains(interest) {
            shared.append(shared.isEmpty ? "Shared interests: " : ", ")
            shared.append(interest.name)
        }
        if !shared.isEmpty { elements.append(.text(shared.text)) }
    }

    /// "Name, age · N km away".
    private static func headline(_ candidate: Candidate) -> String {
        var text = TextBuilder(capacity: candidate.displayName.utf8.count + 32)
        text.append(candidate.displayName)
        text.append(", ")
        text.append(candidate.age)
        text.append(" · ")
        text.append(candidate.distanceKm)
        text.append(" km away")
        return text.text
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
