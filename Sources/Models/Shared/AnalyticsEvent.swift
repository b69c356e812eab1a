/// A typed analytics event fired by a flow.
///
/// ``name`` and ``properties`` give a sink a flat form; no case carries a secret.
public enum AnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
    /// The app launched.
    case appLaunched
    /// A stored session was restored and validated.
    case sessionRestored
    /// A session ended, with the reason.
    case sessionEnded(SignedOutReason)
    /// A screen became visible.
    case screenShown(ScreenID)
    /// The login form was submitted in a mode.
    case loginSubmitted(LoginMode)
    /// The login form's request succeeded.
    case loginSucceeded(LoginMode)
    /// The login form's request failed.
    case loginFailed(LoginMode, RequestFailure)
    /// Profile set-up saved a profile.
    case profileSetupCompleted
    /// Profile set-up was skipped.
    case profileSetupSkipped
    /// A deep link was opened and followed.
    case deepLinkOpened(Route)
    /// A deep link was opened while signed out and kept for after login.
    case deepLinkDeferred(Route)
    /// A deep link could not be understood.
    case deepLinkRejected
    /// The user confirmed logout.
    case logoutConfirmed
    /// The user cancelled logout.
    case logoutCancelled
    /// A card came to the top of the deck.
    case cardShown(UserID)
    /// The user swiped a card.
    case swiped(SwipeAction, UserID)
    /// A swipe made a match.
    case matched(UserID)
    /// A like was refused for the daily limit.
    case outOfLikes
    /// The last pass was undone.
    case rewound(UserID)
    /// The deck ran out of candidates.
    case deckEmpty
    /// The user changed who they look for.
    case preferencesChanged

    /// The event's name in snake case.
    public var name: String {
        switch self {
        case .appLaunched: "app_launched"
        case .sessionRestored: "session_restored"
        case .sessionEnded: "session_ended"
        case .screenShown: "screen_shown"
        case .loginSubmitted: "login_submitted"
        case .loginSucceeded: "login_succeeded"
        case .loginFailed: "login_failed"
        case .profileSetupCompleted: "profile_setup_completed"
        case .profileSetupSkipped: "profile_setup_skipped"
        case .deepLinkOpened: "deep_link_opened"
        case .deepLinkDeferred: "deep_link_deferred"
        case .deepLinkRejected: "deep_link_rejected"
        case .logoutConfirmed: "logout_confirmed"
        case .logoutCancelled: "logout_cancelled"
        case .cardShown: "card_shown"
        case .swiped: "swiped"
        case .matched: "matched"
        case .outOfLikes: "out_of_likes"
        case .rewound: "rewound"
        case .deckEmpty: "deck_empty"
        case .preferencesChanged: "preferences_changed"
        }
    }

    /// The event's properties, sorted by key when printed.
    public var properties: [String: String] {
        switch self {
        case .sessionEnded(let reason): ["reason": "\(reason)"]
        case .screenShown(let screen): ["screen": screen.rawValue]
        case .loginSubmitted(let mode), .loginSucceeded(let mode): ["mode": "\(mode)"]
        case .loginFailed(let mode, let failure): ["mode": "\(mode)", "reason": Self.reason(failure)]
        case .deepLinkOpened(let route), .deepLinkDeferred(let route): ["route": route.description]
        case .cardShown(let user), .matched(let user), .rewound(let user): ["user": user.rawValue]
        case .swiped(let action, let user): ["action": action.rawValue, "user": user.rawValue]
        case .outOfLikes, .deckEmpty, .preferencesChanged: [:]
        case .appLaunched, .sessionRestored, .profileSetupCompleted, .profileSetupSkipped,
            .deepLinkRejected, .logoutConfirmed, .logoutCancelled:
            [:]
        }
    }

    /// `name key=value ...`, keys sorted.
    public var description: String {
        ([name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(
            separator: " ")
    }

    private static func reason(_ failure: RequestFailure) -> String {
        switch failure {
        case .wrongCredentials: "wrong_credentials"
        case .rateLimited: "rate_limited"
        case .offline: "offline"
        case .server: "server_error"
        }
    }
}
