import Foundation
import HeadlessFrontEnd
import MatrixBackend
import Models
import TestSupport
import Testing

/// The live feed's stored sync state on a real homeserver: the user's own file, gone after logout.
@MainActor
@Suite struct MatrixSyncStateLogoutTests {
    @Test(.enabled(if: MatrixTestServer.isAvailable, Comment(rawValue: MatrixTestServer.skipReason)))
    func theSyncTokenFile_isWrittenWhileSignedIn_andGoneAfterLogout() throws {
        let pair = try MatrixPair()
        let app = pair.alice
        try app.signIn("alice")
        #expect(app.wait { app.sessionState?.user != nil })
        let me = try #require(app.sessionState?.user?.id.rawValue)
        let tokens = app.backend.syncTokens
        #expect(app.wait { tokens.token(of: me) != nil }, "the feed stored where it is")
        try app.tap("Log out")
        #expect(app.alert?.title == "Log out?")
        try app.tap("Log out")
        #expect(app.wait { app.screen?.id == .welcome })
        #expect(app.wait { !FileManager.default.fileExists(atPath: tokens.fileURL(of: me).path) })
        app.settle()
        #expect(tokens.token(of: me) == nil)
    }
}
