// A new person signs up, sets up a profile, swipes to a match, says hi and logs out — driven the way
// a SwiftUI app is: it draws each typed screen from its value (Views.swift) and sends typed actions
// back; `ScreenStack` keeps what is shown. Prints what is drawn after each step.
import DiscoverApp
import Flows
import Foundation
import Models

/// A failed step of the journey.
struct JourneyError: Error, CustomStringConvertible {
    let description: String
}

@MainActor
func run() throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("native-shaped-app-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // The library's presenter: what is shown is one value, `stack.shown`, which SwiftUI observes.
    let stack = ScreenStack()
    // On `.virtual`, what each action starts has arrived when `send` returns; an app on a real run
    // loop leaves `clock` out, and `DiscoverApp.matrix(...)` is the same on Matrix.
    let app = DiscoverApp.embedded(
        presenter: stack, storageDirectory: folder,
        clock: .virtual(start: Date(timeIntervalSince1970: 1_768_467_600)))

    /// Draws what a person sees: the alert (it covers everything), else the top modal, else the top screen.
    func draw(_ step: String) {
        print("-- \(step)")
        let shown = stack.shown
        let lines =
            if let alert = shown.alert { body(of: alert) } else if let modal = shown.modals.last {
                body(of: modal)
            } else if let screen = shown.stack.last { body(of: screen) } else { ["(nothing)"] }
        print(lines.joined(separator: "\n"))
    }

    /// The screen on top of the stack, when no modal or alert covers it.
    func top() -> AppScreen? {
        let shown = stack.shown
        return shown.alert == nil && shown.modals.isEmpty ? shown.stack.last : nil
    }

    app.launch()
    draw("launched")

    try stack.send(.welcome(.createAccountTapped))
    try stack.send(.loginForm(.fieldChanged(.username, "erin")))
    try stack.send(.loginForm(.fieldChanged(.password, "sunflower9")))
    try stack.send(.loginForm(.fieldChanged(.displayName, "Erin")))
    try stack.send(.loginForm(.fieldChanged(.birthDate, "1996-04-02")))
    draw("filled in the sign-up form")
    try stack.send(.loginForm(.submitTapped))
    draw("signed up")

    // Someone likes Erin before her deck first loads: the embedded server's knob, as a second person would on a real server.
    app.embeddedServer?.like(from: "carol", to: "erin")

    guard case .profileSetup(let setup) = top() else { throw JourneyError(description: "no profile set-up") }
    try stack.send(.profileSetup(.fieldChanged(.bio, "Coffee, hills and long walks.")))
    for option in setup.interests.prefix(2) {
        try stack.send(.profileSetup(.interestToggled(option.interest)))
    }
    draw("wrote a bio and picked two interests")
    try stack.send(.profileSetup(.saveTapped))
    draw("saved the profile")

    // Swipe: like who likes Erin back, pass the others, until a match shows (at most 60 cards).
    for _ in 0..<60 {
        guard case .home(let home) = top(), case .deck(let deck) = home.tab,
            case .card(let card) = deck.content
        else { break }
        try stack.send(.home(.deck(card.likedYou ? .likeTapped : .passTapped)))
    }
    draw("swiped to a match")
    guard case .match = stack.shown.modals.last else { throw JourneyError(description: "no match") }
    try stack.send(.match(.sendMessageTapped))
    try stack.send(.conversation(.draftChanged("Hi Carol! Coffee this week?")))
    try stack.send(.conversation(.sendTapped))
    draw("said hi")
    try stack.send(.conversation(.backTapped))
    draw("back to the matches")

    try stack.send(.home(.logOutTapped))
    draw("asked to log out")
    try stack.send(.logOut(.confirmTapped))
    draw("logged out")
    app.terminate()
}

do {
    try MainActor.assumeIsolated { try run() }
} catch {
    FileHandle.standardError.write(Data("NativeShapedApp: \(error)\n".utf8))
    exit(1)
}
