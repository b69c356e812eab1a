import Models

/// Builds the signed-in home screen (tabs around the deck or the matches) and its logout alert.
enum HomeScreens {
    enum Tab: Hashable, Sendable {
        case deck
        case matches
    }

    static let deckTab: ActionID = "tab:deck"
    static let matchesTab: ActionID = "tab:matches"
    static let logOut: ActionID = "logOut"
    static let cancel: ActionID = "cancel"
    static let confirmLogOut: ActionID = "confirmLogOut"

    /// The line naming who is signed in, built once per session (``home(signedIn:tab:content:)``).
    ///
    /// Appended into a text sized once for the whole line: the interpolation grew its buffer on the
    /// way and went through its general append for each part.
    static func signedIn(_ user: User) -> ScreenElement {
        let opening = "Signed in as "
        var line = opening
        line.reserveCapacity(opening.utf8.count + user.displayName.utf8.count + user.username.utf8.count + 3)
        line += user.displayName
        line += " (@"
        line += user.username
        line += ")"
        return .text(line)
    }

    static func home(signedIn: ScreenElement, tab: Tab, content: [ScreenElement]) -> Screen {
        var elements = opening(signedIn: signedIn, tab: tab, room: content.count)
        elements += content
        return closing(&elements)
    }

    /// Home's elements above the tab's content: the signed-in line and the tabs, with `room` for the
    /// content and the closing elements; a tab appends its content to them, then ``closing(_:)``.
    static func opening(signedIn: ScreenElement, tab: Tab, room: Int) -> [ScreenElement] {
        var elements: [ScreenElement] = []
        elements.reserveCapacity(room + 3)
        elements.append(signedIn)
        elements.append(tab == .deck ? deckTabs : matchesTabs)
        return elements
    }

    /// ``opening(signedIn:tab:room:)`` for the deck tab written over `elements`, which are empty or
    /// home's deck elements from the last render with the same `signedIn` line: their opening is kept
    /// as it is, the rest taken off (in place when nothing else holds the array).
    ///
    /// The opening is the same two elements every render of the deck tab: taking the rest off leaves
    /// them, where emptying the array and appending them again copied both in. They are taken off
    /// one at a time from the end: `removeSubrange` went through a `replaceSubrange` specialization
    /// and the runtime's generic `swift_arrayDestroy`, code touched for this alone on every swipe
    /// (an array something else still holds is copied once, by the first removal).
    static func reopenDeck(_ elements: inout [ScreenElement], signedIn: ScreenElement, room: Int) {
        guard elements.count >= 2 else {
            elements = opening(signedIn: signedIn, tab: .deck, room: room)
            return
        }
        while elements.count > 2 { elements.removeLast() }
        elements.reserveCapacity(room + 3)
    }

    /// Home, from ``opening(signedIn:tab:room:)``'s or ``reopenDeck(_:signedIn:room:)``'s elements with
    /// the tab's content appended.
    static func closing(_ elements: inout [ScreenElement]) -> Screen {
        elements.append(logOutAction)
        return Screen(id: .home, title: "Discover", elements: elements)
    }

    private static let deckTabs = tabs(selected: .deck)
    private static let matchesTabs = tabs(selected: .matches)
    private static let logOutAction = ScreenElement.action(
        ScreenAction(id: logOut, label: "Log out", style: .destructive))

    private static func tabs(selected tab: Tab) -> ScreenElement {
        .tabs([
            ScreenAction(id: deckTab, label: "Deck", isSelected: tab == .deck),
            ScreenAction(id: matchesTab, label: "Matches", isSelected: tab == .matches),
        ])
    }

    static func logoutAlert(queuedSwipes: Int, unsentMessages: Int) -> ScreenAlert {
        var message = "You'll need to log in again to see your matches."
        if unsentMessages > 0 {
            message += " \(unsentMessages) message(s) have not been sent yet and will be lost."
        }
        if queuedSwipes > 0 {
            message += " \(queuedSwipes) swipe(s) have not been sent yet and will be lost."
        }
        return ScreenAlert(
            title: "Log out?", message: message,
            actions: [
                ScreenAction(id: cancel, label: "Cancel"),
                ScreenAction(id: confirmLogOut, label: "Log out", style: .destructive),
            ])
    }
}
