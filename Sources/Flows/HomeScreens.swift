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

    /// The line naming who is signed in, built once per session and put at the top of home.
    ///
    /// Its bytes are copied into a text made at its final size: the interpolation grew its buffer on
    /// the way and went through the general append for each of its four parts.
    static func signedIn(_ user: User) -> ScreenElement {
        var name = user.displayName
        var handle = user.username
        let line = name.withUTF8 { name in
            handle.withUTF8 { handle in
                signedInOpening.withUTF8Buffer { opening in
                    String(unsafeUninitializedCapacity: opening.count + name.count + handle.count + 4) {
                        line in
                        var end = append(opening, to: line, at: 0)
                        end = append(name, to: line, at: end)
                        for byte in [UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: "@")] {
                            line[end] = byte
                            end += 1
                        }
                        end = append(handle, to: line, at: end)
                        line[end] = UInt8(ascii: ")")
                        return end + 1
                    }
                }
            }
        }
        return .text(line)
    }

    private static let signedInOpening: StaticString = "Signed in as "

    /// Copies `bytes` into `line` from `start`; the index after them.
    private static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, to line: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        guard let source = bytes.baseAddress, let target = line.baseAddress else { return start }
        (target + start).initialize(from: source, count: bytes.count)
        return start + bytes.count
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
    /// home's deck elements from the last render with the same `signedIn` line: slots over them
    /// (moved in) after the opening, for the tab's content and then ``closing(_:into:)``.
    ///
    /// The opening is the same two elements every render of the deck tab: they are kept as they are,
    /// and the rest is written over (``ElementSlots``), where emptying the array released every
    /// element and appending them again retained each (an array something else still holds is copied
    /// once, by the first write).
    static func reopenDeck(_ elements: inout [ScreenElement], signedIn: ScreenElement, room: Int)
        -> ElementSlots
    {
        if elements.count < 2 { elements = opening(signedIn: signedIn, tab: .deck, room: room) }
        elements.reserveCapacity(room + 3)
        return ElementSlots(taking: &elements, from: 2)
    }

    /// Home, from ``opening(signedIn:tab:room:)``'s elements with the tab's content appended.
    static func closing(_ elements: inout [ScreenElement]) -> Screen {
        elements.append(logOutAction)
        return Screen(id: .home, title: "Discover", elements: elements)
    }

    /// Home, from ``reopenDeck(_:signedIn:room:)``'s slots with the tab's content put: the closing
    /// put after it, the last render's elements past it taken off, the whole moved into `elements`.
    static func closing(_ slots: inout ElementSlots, into elements: inout [ScreenElement]) -> Screen {
        slots.put(logOutAction)
        slots.finish(into: &elements)
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
        return ScreenAlert(title: "Log out?", message: message, actions: logoutActions)
    }

    /// The logout alert's buttons, the same every time: built once (an array and two actions each
    /// time before).
    private static let logoutActions = [
        ScreenAction(id: cancel, label: "Cancel"),
        ScreenAction(id: confirmLogOut, label: "Log out", style: .destructive),
    ]
}
