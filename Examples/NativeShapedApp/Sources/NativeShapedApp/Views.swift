import Flows
import Models

// One function per screen, from its typed value to what it draws — the `body` of a SwiftUI view,
// here as lines of text. Nothing reads a context or a string id: a screen is its value, and what
// the user can do there is its `Action` enum.

/// What the app draws for the top of the navigation stack.
func body(of screen: AppScreen) -> [String] {
    switch screen {
    case .launching: ["Loading…"]
    case .welcome(let welcome): body(of: welcome)
    case .loginForm(let form): body(of: form)
    case .profileSetup(let setup): body(of: setup)
    case .home(let home): body(of: home)
    case .profile(let profile): body(of: profile)
    case .conversation(let conversation): body(of: conversation)
    case .preferences(let preferences):
        ["Preferences: \(preferences.search.minimumAge.text)–\(preferences.search.maximumAge.text)"]
    }
}

/// What the app draws for a modal.
func body(of modal: AppModal) -> [String] {
    switch modal {
    case .match(let match):
        ["It's a match! You and \(match.name) like each other.", "[Send a message] [Keep swiping]"]
    case .outOfLikes(let out): ["You're out of likes: \(out.countdown.secondsLeft) s to go", "[OK]"]
    }
}

/// What the app draws for an alert.
func body(of alert: AppAlert) -> [String] {
    switch alert {
    case .logOut(let logOut):
        [
            "Log out? (\(logOut.unsentMessages) message(s), \(logOut.queuedSwipes) swipe(s) not sent)",
            "[Cancel] [Log out]",
        ]
    case .endMatch(let end): [end.isBlock ? "Block \(end.name)?" : "Unmatch \(end.name)?"]
    case .outOfSuperLikes: ["No super likes left"]
    case .unknownLink: ["Can't open link"]
    }
}

func body(of welcome: WelcomeScreen) -> [String] {
    ["Welcome to Discover", "[Log in] [Create account]"]
}

func body(of form: LoginFormScreen) -> [String] {
    [form.mode == .signIn ? "Log in" : "Create account"]
        + form.fields.map { field in
            let value =
                field.field == .password
                ? String(repeating: "•", count: field.value.text.count) : field.value.text
            return "  \(field.field): \(value)" + (field.value.error.map { "  ⚠︎ \($0)" } ?? "")
        }
        + (form.failure.map { ["  failed: \($0)"] } ?? [])
        + [form.canSubmit ? "[Submit]" : "[Submit] (disabled)"]
}

func body(of setup: ProfileSetupScreen) -> [String] {
    let picked = setup.interests.filter(\.isSelected).map(\.interest.name)
    return [
        "Set up your profile", "  bio: \(setup.bio.text)", "  interests: \(picked.joined(separator: ", "))",
    ]
        + [setup.isSaving ? "[Save] (saving…)" : "[Save] [Skip for now]"]
}

func body(of home: HomeScreen) -> [String] {
    let header = "Home — @\(home.username)"
    switch home.tab {
    case .deck(let deck):
        return [header + " [Deck*] [Matches]"] + body(of: deck)
    case .matches(let matches):
        return [header + " [Deck] [Matches*]"]
            + matches.rows.map { row in "  \(row.name): " + (row.isNew ? "new match" : row.preview ?? "") }
    }
}

func body(of deck: DeckPanel) -> [String] {
    var lines: [String] = []
    switch deck.content {
    case .card(let card):
        lines.append(
            "  card: \(card.name), \(card.age), \(card.distanceKm) km" + (card.likedYou ? " — likes you" : "")
        )
        lines.append("  [Pass] [Like] [Super like]")
    case .noOneNew: lines.append("  No one new around you right now.")
    case .loading: lines.append("  Looking for people near you…")
    }
    if let left = deck.likesLeft { lines.append("  likes left: \(left.likes)") }
    return lines
}

func body(of profile: ProfileScreen) -> [String] {
    switch profile.content {
    case .candidate(let card):
        ["Profile of \(card.name)", "  interests: \(card.interests.joined(separator: ", "))"]
    case .loading: ["Profile: loading…"]
    case .loaded(let shown): ["Profile of \(shown.displayName), \(shown.age)"]
    case .notFound: ["This profile isn't available."]
    case .failed(let failure): ["Profile failed: \(failure)"]
    }
}

func body(of screen: ConversationScreen) -> [String] {
    switch screen.content {
    case .loading: return ["Chat: loading…"]
    case .unavailable: return ["This conversation isn't available."]
    case .conversation(let conversation):
        return ["Chat with \(conversation.name)"]
            + conversation.messages.map { row in
                "  \(row.senderName): \(row.text)" + (row.delivery.map { " (\($0.text))" } ?? "")
            }
            + (conversation.otherIsTyping ? ["  \(conversation.name) is typing…"] : [])
            + ["  message: \(conversation.draft)", "[Send] [Unmatch] [Block] [Back]"]
    }
}
