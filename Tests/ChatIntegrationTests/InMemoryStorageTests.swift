import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// The embedded backend with the app's stores in memory: what the benchmark's journey and a preview
/// use. One store object per "phone", shared by its launches, so a relaunch in the process keeps
/// what was stored.
private struct InMemoryPhone: HeadlessBackend {
    let backend: EmbeddedBackend
    let sessionStore = InMemorySessionStore()
    let userData = InMemoryUserDataStore()

    func makeServices() -> AppServices {
        var services = backend.makeServices()
        services.sessionStore = sessionStore
        services.userData = userData
        return services
    }

    var clock: any Scheduler { backend.clock }
    func settle() { backend.settle() }
    func advance(by duration: Duration) { backend.advance(by: duration) }
}

@MainActor
@Suite struct InMemoryStorageTests {
    @Test func aMessageSentOffline_survivesARelaunch_andArrivesOnce_withNothingWrittenToDisk() throws {
        let directory = TemporaryDirectory()
        let backend = EmbeddedBackend(storageDirectory: directory.url)
        backend.addDemoAccounts()
        backend.server.like(from: "alice", to: "bob")
        backend.server.like(from: "bob", to: "alice")
        let phone = InMemoryPhone(backend: backend)
        let app = HeadlessDriver(backend: phone)
        app.launch()
        try app.tap("Log in")
        try app.type("alice", into: "Username or email")
        try app.type("wonderland", into: "Password")
        try app.tap("Log in")
        #expect(try phone.sessionStore.load()?.user.id == "alice")

        app.open("discover://chat/m-alice~bob")
        backend.server.isNetworkDown = true
        try app.type("Are you there?", into: "Message")
        try app.tap("Send")
        #expect(phone.userData.hasData(for: "alice"), "the unsent message is kept in the outbox store")

        app.relaunch()
        backend.server.isNetworkDown = false
        app.advance(by: .seconds(60))
        let delivered = backend.server.messages(between: "alice", and: "bob").filter {
            $0.text == "Are you there?"
        }
        #expect(delivered.count == 1)
        #expect(!phone.userData.hasData(for: "alice"))
        #expect(directory.filePaths().isEmpty, "nothing was written to the storage folder")
    }
}
