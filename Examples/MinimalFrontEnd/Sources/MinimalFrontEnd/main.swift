// Signs in as a demo user on the embedded backend in virtual time, likes a card, and logs out
// answering the alert, printing what is shown after each step.
import DiscoverApp
import Flows
import Foundation
import Models

@MainActor
func run() throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("minimal-front-end-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let frontEnd = MinimalPresenter()
    // On `.virtual`, what each action starts has arrived when the call returns; an app on a real
    // run loop leaves `clock` out (`.runLoop`), and `DiscoverApp.matrix(...)` is the same on Matrix.
    let app = DiscoverApp.embedded(
        presenter: frontEnd, storageDirectory: folder,
        clock: .virtual(start: Date(timeIntervalSince1970: 1_768_467_600)))

    // Prints what a person sees: the alert when one is up (it covers the screen), else the top screen.
    func show(_ step: String) {
        print("-- \(step)")
        if let alert = frontEnd.alert {
            print(ShownText.lines(of: alert).joined(separator: "\n"))
        } else if let modal = frontEnd.modal {
            print(ShownText.lines(of: modal).joined(separator: "\n"))
        } else if let screen = frontEnd.top {
            print(ShownText.lines(of: screen).joined(separator: "\n"))
        }
    }

    app.launch()
    show("launched")

    try frontEnd.send(.welcome(.logInTapped))
    try frontEnd.send(.loginForm(.fieldChanged(.username, "alice")))
    try frontEnd.send(.loginForm(.fieldChanged(.password, "wonderland")))
    try frontEnd.send(.loginForm(.submitTapped))
    show("signed in as alice")

    try frontEnd.send(.home(.deck(.likeTapped)))
    show("liked the top card")
    // A like can make a match: the modal is answered like any screen.
    if case .match = frontEnd.modal { try frontEnd.send(.match(.keepSwipingTapped)) }

    try frontEnd.send(.home(.logOutTapped))
    show("asked to log out")
    try frontEnd.send(.logOut(.confirmTapped))
    show("logged out")
    app.terminate()
}

do {
    try MainActor.assumeIsolated { try run() }
} catch {
    FileHandle.standardError.write(Data("MinimalFrontEnd: \(error)\n".utf8))
    exit(1)
}
