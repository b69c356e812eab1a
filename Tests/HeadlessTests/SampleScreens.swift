import Foundation
import Models

/// Typed screens for the front end's own tests, one per id the tests need.
enum SampleScreens {
    static let welcome = AppScreen.welcome(WelcomeScreen(notice: nil))
    static let launching = AppScreen.launching(LaunchingScreen())
    static let profile = AppScreen.profile(ProfileScreen(.loading))
    static let match = AppModal.match(MatchModal(name: "Bo"))
    static let outOfLikes = AppModal.outOfLikes(OutOfLikesModal(secondsLeft: 60))

    /// The preferences editor, with `failure` shown.
    static func preferences(failure: RequestFailure? = nil) -> AppScreen {
        .preferences(
            PreferencesScreen(
                failure: failure,
                search: SearchFields(
                    minimumAge: FormValue("18"), maximumAge: FormValue("40"), maximumDistance: FormValue("50")
                ),
                isSaving: false))
    }

    /// The sign-in form: username and password, "Log in" enabled when `canSubmit`, and "Back".
    static func signIn(canSubmit: Bool) -> AppScreen {
        .loginForm(
            LoginFormScreen(
                mode: .signIn, notice: nil, failure: nil, rateLimitSecondsRemaining: 0,
                fields: [.init(.username, FormValue("")), .init(.password, FormValue(""))],
                canSubmit: canSubmit,
                showsRetry: false, canGoBack: true))
    }

    /// Home on the matches tab, showing the new matches named in `ids` at `revision` (`nil`: the list
    /// is still loading).
    static func home(matches ids: [String]?, revision: Int = 0) -> AppScreen {
        var list = ChatListState()
        if let ids {
            list.isLoaded = true
            list.newMatches = ids.map {
                Match(id: $0, user: UserID($0), displayName: $0, matchedAt: Date(timeIntervalSince1970: 0))
            }
            list.revision = revision
        }
        return .home(HomeScreen(displayName: "Alice", username: "alice", tab: .matches(MatchesPanel(list))))
    }
}
