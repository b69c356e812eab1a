import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// `ann` + `bob-cat` and `ann-bob` + `cat`: two pairs that ids joined with `-` would both name `m-ann-bob-cat`. Each
/// pair has its own match and conversation, end to end on the embedded backend.
@MainActor
@Suite struct DashedNamesTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))

    init() throws {
        for name in ["ann", "bob-cat", "ann-bob", "cat"] {
            try world.server.addAccount(
                username: name, password: "\(name)-password",
                displayName: name.prefix(1).uppercased() + name.dropFirst(),
                birthDate: Date(timeIntervalSince1970: 0), profile: DemoData.people[0].profile)
        }
        world.match("ann", "bob-cat")
        world.match("ann-bob", "cat")
    }

    /// Signs `name` in on a phone of their own, opens their conversation with `other` and sends `text`.
    func send(_ text: String, from name: String, to other: String) throws -> (HeadlessApp, TemporaryDirectory)
    {
        let phone = world.secondApp()
        try phone.app.signIn(name, "\(name)-password")
        try phone.app.tap("Matches")
        #expect(phone.app.matchRows.count == 1)
        phone.app.open("discover://chat/\(Match.id(between: UserID(name), and: UserID(other)))")
        try phone.app.type(text, into: "Message")
        try phone.app.tap("Send")
        phone.app.settle()
        return phone
    }

    @Test func bothPairsOfTheExample_matchAndMessageEachOther() throws {
        let annBob = try send("Hi Cat", from: "ann-bob", to: "cat")
        #expect(annBob.0.messageRows == ["You: Hi Cat [sent]"])
        let ann = try send("Hi Bob-cat", from: "ann", to: "bob-cat")
        #expect(ann.0.messageRows == ["You: Hi Bob-cat [sent]"])

        // Each first phone still shows its conversation: the answer is read at once.
        let cat = try send("Hi Ann-bob", from: "cat", to: "ann-bob")
        #expect(cat.0.messageRows == ["Ann-bob: Hi Cat", "You: Hi Ann-bob [read]"])
        let bobCat = try send("Hi Ann", from: "bob-cat", to: "ann")
        #expect(bobCat.0.messageRows == ["Ann: Hi Bob-cat", "You: Hi Ann [read]"])

        annBob.0.settle()
        ann.0.settle()
        #expect(annBob.0.messageRows == ["You: Hi Cat [read]", "Cat: Hi Ann-bob"])
        #expect(ann.0.messageRows == ["You: Hi Bob-cat [read]", "Bob-cat: Hi Ann"])
        #expect(
            world.server.messages(between: "ann", and: "bob-cat").map(\.text) == ["Hi Bob-cat", "Hi Ann"])
        #expect(
            world.server.messages(between: "ann-bob", and: "cat").map(\.text) == ["Hi Cat", "Hi Ann-bob"])
    }

    @Test func aLinkOfTheFormNeverReleased_opensNoConversation() throws {
        try world.server.sendMessage(from: "cat", to: "ann-bob", "Hello from Cat")
        let phone = world.secondApp()
        try phone.app.signIn("ann-bob", "ann-bob-password")
        phone.app.open("discover://chat/m-ann-bob-cat")
        #expect(phone.app.frontEnd.visibleTexts.contains("This conversation isn't available."))
    }
}
