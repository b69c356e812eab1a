import Contexts
import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import Services
import TestSupport
import Testing

/// The session use case end to end through the flows, on the embedded backend.
@MainActor
@Suite struct SessionFlowTests {
    let world = TestWorld()

    var sessionFlow: SessionFlow? { world.app.app?.sessionFlow }
    var mainFlow: MainFlow? { sessionFlow?.mainFlow }
    var storedSession: StoredSession? { try? world.backend.makeServices().sessionStore.load() }
    var sessionFileExists: Bool { FileManager.default.fileExists(atPath: world.backend.sessionFileURL.path) }

    func fieldValue(_ label: String) -> String? {
        world.app.screen?.fields.first { $0.label == label }?.value
    }

    func notices() -> [String] {
        world.app.screen?.elements.compactMap { element in
            if case .notice(let text) = element { return text }
            return nil
        } ?? []
    }

    @Test func launchWithNoStoredSession_showsWelcome() {
        world.app.launch()
        #expect(world.screens() == [.launching, .welcome])
        #expect(world.eventNames() == ["app_launched"])
        #expect(world.app.sessionState == .signedOut(reason: nil, username: nil))
    }

    @Test func signIn_storesTheSession_andRelaunchRestoresItWithoutLogin() throws {
        try world.signIn()
        #expect(world.screens() == [.launching, .welcome, .signIn, .home])
        #expect(storedSession?.user.id == "alice")
        let mark = world.mark
        world.app.relaunch()
        #expect(world.screens(since: mark) == [.launching, .home])
        #expect(world.eventNames(since: mark) == ["app_launched", "session_restored", "card_shown"])
        #expect(world.server.requestCount(.validate) == 1)
    }

    @Test func relaunchAfterTheAccessTokenExpired_refreshesAndRestores() throws {
        try world.signIn()
        let before = try #require(storedSession?.tokens)
        world.app.terminate()
        world.app.advance(by: .seconds(2 * 3600))
        let mark = world.mark
        world.app.launch()
        #expect(world.screens(since: mark) == [.launching, .home])
        #expect(world.server.requestCount(.refresh) == 1)
        #expect(world.server.requestCount(.validate) == 0)
        let after = try #require(storedSession?.tokens)
        #expect(after.accessToken != before.accessToken)
        #expect(after.accessTokenExpiresAt == world.app.now + 3600)
    }

    @Test func relaunchAfterTheRefreshTokenExpired_showsLoginWithTheReasonAndTheUsername() throws {
        try world.signIn()
        world.app.terminate()
        world.app.advance(by: .seconds(31 * 24 * 3600))
        let mark = world.mark
        world.app.launch()
        #expect(world.screens(since: mark) == [.launching, .signIn])
        #expect(notices() == ["Your session expired. Please log in again."])
        #expect(fieldValue("Username or email") == "alice")
        #expect(world.eventNames(since: mark) == ["app_launched", "session_ended"])
        #expect(world.app.sessionState == .signedOut(reason: .sessionExpired, username: "alice"))
        #expect(!sessionFileExists)
        let signedIn = world.mark
        try world.app.type("wonderland", into: "Password")
        try world.app.tap("Log in")
        #expect(world.screens(since: signedIn) == [.home])
    }

    @Test func relaunchAfterTheServerRevokedTheSession_showsLoginWithTheRevokedReason() throws {
        try world.signIn()
        world.server.revokeSessions(of: "alice")
        let mark = world.mark
        world.app.relaunch()
        #expect(world.screens(since: mark) == [.launching, .signIn])
        #expect(notices() == ["You were signed out. Please log in again."])
        #expect(fieldValue("Username or email") == "alice")
    }

    @Test func relaunchAfterTheServerRevokedASessionWhoseAccessTokenExpired_showsTheRevokedReason() throws {
        try world.signIn()
        world.server.revokeSessions(of: "alice")
        world.app.advance(by: .seconds(2 * 3600))
        let mark = world.mark
        world.app.relaunch()
        #expect(world.screens(since: mark) == [.launching, .signIn])
        #expect(notices() == ["You were signed out. Please log in again."])
        #expect(world.server.requestCount(.refresh) == 1)
    }

    @Test(arguments: ["", "{\"version\":1,\"user\":", "garbage \u{0}\u{1}", "{\"version\": 99}"])
    func aCorruptedSessionFile_isReportedAndTreatedAsSignedOut(_ contents: String) throws {
        try AtomicFile.write(Data(contents.utf8), to: world.backend.sessionFileURL)
        world.app.launch()
        #expect(world.screens() == [.launching, .signIn])
        #expect(notices() == ["We couldn't restore your session. Please log in."])
        #expect(world.app.app?.unhandledErrors.first is StoreError)
        #expect(world.app.transcript.entries.contains { if case .error = $0.kind { true } else { false } })
        #expect(!sessionFileExists)
    }

    @Test func launchOffline_withAStoredSession_opensTheAppFromIt() throws {
        try world.signIn()
        world.server.isNetworkDown = true
        let mark = world.mark
        world.app.relaunch()
        #expect(world.screens(since: mark) == [.launching, .home])
    }

    @Test func aTokenRevokedDuringUse_bubblesUpToTheSessionFlow_whichShowsLogin() throws {
        try world.signIn()
        world.server.revokeSessions(of: "alice")
        let mark = world.mark
        world.app.open("discover://profile/bob")
        #expect(world.screens(since: mark) == [.home, .profile, .signIn])
        #expect(notices() == ["You were signed out. Please log in again."])
        #expect(fieldValue("Username or email") == "alice")
        #expect(world.app.app?.unhandledErrors.isEmpty == true)
        #expect(world.eventNames(since: mark) == ["deep_link_opened", "session_ended"])
    }

    @Test func anAccessTokenExpiredDuringUse_isRefreshedWithoutTheUserNoticing() throws {
        try world.signIn()
        world.app.advance(by: .seconds(2 * 3600))
        world.app.open("discover://profile/bob")
        #expect(world.app.screen?.title == "Bob")
        #expect(world.server.requestCount(.refresh) == 1)
        #expect(storedSession?.tokens.accessTokenExpiresAt == world.app.now + 3600)
    }

    @Test func logout_afterConfirming_tellsTheServer_wipesLocalData_andReleasesTheSessionTree() throws {
        world.match("alice", "bob")
        try world.signIn()
        world.app.open("discover://profile/bob")
        try world.app.tap("Back")
        world.app.open("discover://chat/m-alice~bob")
        weak let conversation = (mainFlow?.children.first { $0 is ChatFlow } as? ChatFlow)?.context
        #expect(conversation != nil)
        try world.app.tap("Back")
        #expect(conversation == nil, "closing a conversation releases its context")
        weak let main = mainFlow
        weak let scope = sessionFlow?.context.scope
        weak let authorizer = sessionFlow?.context.scope?.authorizer
        weak let chat = mainFlow?.chat
        weak let deck = mainFlow?.deck.context
        let userFolder = try world.backend.userDataStore.directory(for: "alice")
        try AtomicFile.write(Data("unsent".utf8), to: userFolder.appendingPathComponent("outbox.json"))
        #expect(main != nil && scope != nil && authorizer != nil && chat != nil && deck != nil)

        let mark = world.mark
        try world.app.tap("Log out")
        #expect(world.app.alert?.title == "Log out?")
        try world.app.tap("Log out")

        #expect(world.screens(since: mark) == [.welcome])
        #expect(world.eventNames(since: mark) == ["logout_confirmed", "session_ended"])
        #expect(main == nil)
        #expect(scope == nil)
        #expect(authorizer == nil)
        #expect(chat == nil)
        #expect(deck == nil)
        #expect(sessionFlow?.children.map(\.name) == ["LoginFlow"])
        #expect(!sessionFileExists)
        #expect(!FileManager.default.fileExists(atPath: userFolder.path))
        #expect(world.server.liveSessionCount(of: "alice") == 0)
        #expect(world.directory.filePaths() == ["users"])
    }

    @Test func logout_cancelled_staysSignedIn() throws {
        try world.signIn()
        try world.app.tap("Log out")
        try world.app.tap("Cancel")
        #expect(world.app.alert == nil)
        #expect(world.app.screen?.id == .home)
        #expect(world.eventNames().last == "logout_cancelled")
        #expect(sessionFileExists)
    }

    @Test func logoutWhileOffline_stillSignsOutLocally() throws {
        try world.signIn()
        world.server.isNetworkDown = true
        try world.app.tap("Log out")
        try world.app.tap("Log out")
        #expect(world.app.screen?.id == .welcome)
        #expect(!sessionFileExists)
    }

    @Test func aDeepLinkOpenedWhileSignedOut_isKept_andOpenedAfterLogin() throws {
        world.app.launch()
        world.app.open("discover://profile/carol")
        #expect(world.app.screen?.id == .welcome)
        #expect(sessionFlow?.waitingRoute == .profile("carol"))
        let mark = world.mark
        try world.signIn()
        #expect(world.screens(since: mark) == [.signIn, .home, .profile])
        #expect(world.app.screen?.title == "Carol")
        #expect(
            world.eventNames() == [
                "app_launched", "deep_link_deferred", "login_submitted", "login_succeeded",
                "deep_link_opened",
            ])
        #expect(sessionFlow?.waitingRoute == nil)
    }

    @Test(arguments: [
        ("discover://deck", [ScreenID.home], "Deck"), ("discover://matches", [.home], "Matches"),
        ("discover://chat/bob", [.home, .chat], nil), ("discover://profile/dave", [.home, .profile], nil),
    ])
    func deepLinksWhileSignedIn_openTheirPlace(_ link: String, _ screens: [ScreenID], _ selectedTab: String?)
        throws
    {
        try world.signIn()
        let mark = world.mark
        world.app.open(link)
        #expect(world.screens(since: mark) == screens)
        if let selectedTab {
            #expect(world.app.screen?.actions.first { $0.isSelected == true }?.label == selectedTab)
        }
    }

    @Test func anUnknownDeepLink_showsAnAlert_andChangesNothing() throws {
        try world.signIn()
        world.app.open("discover://settings")
        #expect(world.app.alert?.title == "Can't open link")
        #expect(world.eventNames().last == "deep_link_rejected")
        try world.app.tap("OK")
        #expect(world.app.screen?.id == .home)
    }

    @Test func relaunch_restoresTheLastPlace() throws {
        try world.signIn()
        world.app.open("discover://chat/bob")
        #expect(storedSession?.lastRoute == .chat("bob"))
        let mark = world.mark
        world.app.relaunch()
        #expect(world.screens(since: mark) == [.launching, .home, .chat])
        try world.app.tap("Back")
        #expect(storedSession?.lastRoute == .matches)
        world.app.relaunch()
        #expect(world.app.screen?.actions.first { $0.isSelected == true }?.label == "Matches")
    }

    @Test func theSessionFile_isOwnerOnly_andTokensNeverReachTheTranscript() throws {
        try world.signIn()
        world.app.advance(by: .seconds(2 * 3600))
        world.app.relaunch()
        let tokens = try #require(storedSession?.tokens)
        let attributes = try FileManager.default.attributesOfItem(atPath: world.backend.sessionFileURL.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let transcript = world.app.transcript.text + world.app.tree()
        #expect(!transcript.contains(tokens.accessToken))
        #expect(!transcript.contains(tokens.refreshToken ?? "no refresh token"))
        #expect(!transcript.contains("wonderland"))
        #expect(!String(describing: tokens).contains(tokens.accessToken))
    }

    @Test func aRevokedSession_keepsTheUsersLocalData_forTheirNextLogin() throws {
        try world.signIn()
        let userFolder = try world.backend.userDataStore.directory(for: "alice")
        try AtomicFile.write(Data("unsent".utf8), to: userFolder.appendingPathComponent("outbox.json"))
        world.server.revokeSessions(of: "alice")
        world.app.open("discover://profile/bob")
        #expect(world.app.screen?.id == .signIn)
        #expect(FileManager.default.fileExists(atPath: userFolder.appendingPathComponent("outbox.json").path))
    }

    @Test func theTree_printsTheLiveFlowsWithTheirState() throws {
        try world.signIn()
        world.app.open("discover://profile/bob")
        #expect(
            world.app.tree() == """
                AppFlow handles: DeepLinkError
                └─ SessionFlow [SessionContext: signed in as alice] handles: SessionError hears: DeepLinkOpened
                   └─ MainFlow [SessionScope: alice tab=deck rows=0 outbox=0] hears: MatchMade
                      ├─ DeckFlow [DeckContext: cards=20 top=carol]
                      └─ ProfileFlow [ProfileViewerContext: loaded bob]
                """)
    }
}
