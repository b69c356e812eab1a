import Models

/// What a front end reads from what is shown, as lines of text: the top screen's title and each of
/// its typed elements, then the alert.
enum ShownText {
    /// The screen's id and title, then one line per element.
    static func lines(of screen: Screen) -> [String] {
        ["screen \(screen.id) \"\(screen.title)\""] + screen.elements.map { "  " + line(for: $0) }
    }

    /// The alert's title and message, then its actions.
    static func lines(of alert: ScreenAlert) -> [String] {
        ["alert \"\(alert.title)\": \(alert.message)"] + alert.actions.map { "  " + line(for: $0) }
    }

    /// One element, from its data (a real UI would lay out a card or a bubble from the same values).
    static func line(for element: ScreenElement) -> String {
        switch element {
        case .text(let text): "text: \(text)"
        case .notice(let text): "notice: \(text)"
        case .error(let text): "error: \(text)"
        case .field(let field): "field \(field.id) \"\(field.label)\"" + (field.isSecure ? " (secure)" : "")
        case .action(let action): line(for: action)
        case .tabs(let tabs):
            "tabs: " + tabs.map { $0.label + ($0.isSelected == true ? " *" : "") }.joined(separator: " | ")
        case .options(let label, let options): "options \(label): \(options.count)"
        case .list(let list): "list \(list.id): \(list.items.count) rows"
        case .card(let card):
            "card \(card.id): \(card.name), \(card.age), \(card.distanceKm) km, shares \(card.sharedInterests)"
        case .countdown(let countdown): "countdown \(countdown.kind): \(countdown.secondsLeft) s"
        case .typing(let typing): "typing: \(typing.name)"
        case .likesLeft(let left): "likes left: \(left.likes), super likes left: \(left.superLikes)"
        }
    }

    /// One button, by its id (what the front end sends back) and label (what a person reads).
    static func line(for action: ScreenAction) -> String {
        "action \(action.id) \"\(action.label)\"" + (action.isEnabled ? "" : " (disabled)")
    }
}
