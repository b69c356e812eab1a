import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport

@MainActor
extension HeadlessApp {
    /// The chat context of the signed-in session.
    var chat: ChatContext? { mainFlow?.chat }
    /// The open conversation's context.
    var conversation: ConversationContext? {
        (mainFlow?.children.first { $0 is ChatFlow } as? ChatFlow)?.context
    }

    /// Launches (if needed) and signs in through the screens.
    func signIn(_ username: String, _ password: String) throws {
        if app == nil { launch() }
        if screen?.id == .welcome { try tap("Log in") }
        try type(username, into: "Username or email")
        try type(password, into: "Password")
        try tap("Log in")
    }

    /// The message rows of the open conversation, as shown.
    var messageRows: [String] {
        screen?.lists.first { $0.id == "messages" }?.items.map {
            $0.title + ($0.detail.isEmpty ? "" : " [\($0.detail)]")
        } ?? []
    }

    /// The rows of the matches list, as shown.
    var matchRows: [String] {
        screen?.lists.first { $0.id == "matches" }?.items.map { "\($0.title): \($0.detail)" } ?? []
    }
}

@MainActor
extension TestWorld {
    /// Alice and Bob matched, each with their conversation open: Alice on ``app``, Bob on the second
    /// phone returned (keep it, with its folder, for the test's length).
    func bothInTheConversation() throws -> (app: HeadlessApp, directory: TemporaryDirectory) {
        match("alice", "bob")
        let bobsPhone = secondApp()
        try bobsPhone.app.signIn("bob", "builder123")
        bobsPhone.app.open("discover://chat/m-alice~bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        return bobsPhone
    }
}
