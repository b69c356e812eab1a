import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// An unmatch the app never heard (it was offline and relaunched) is found when the list arrives.
@MainActor
@Suite struct OfflineUnmatchAcrossRelaunchTests {
    let world = TestWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
    var app: HeadlessApp { world.app }

    @Test func aConversationUnmatchedWhileOfflineAcrossARelaunch_endsWhenTheListArrives_refusingItsOutbox()
        throws
    {
        world.match("alice", "bob")
        try app.signIn("alice", "wonderland")
        app.open("discover://chat/m-alice~bob")
        world.server.isNetworkDown = true
        try app.type("Queued", into: "Message")
        try app.tap("Send")
        world.server.unmatch(by: "bob", with: "alice")
        app.relaunch()
        #expect(app.chat?.record(of: "m-alice~bob")?.hasEnded == false)
        world.server.isNetworkDown = false
        app.settle()
        #expect(app.chat?.record(of: "m-alice~bob")?.hasEnded == true)
        #expect(app.chat?.state.outboxCount == 0)
        #expect(app.conversation?.state.isUnmatched == true)
        #expect(app.conversation?.state.failure == nil)
        #expect(world.server.messages(between: "alice", and: "bob").isEmpty)
    }
}
