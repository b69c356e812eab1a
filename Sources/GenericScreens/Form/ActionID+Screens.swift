import Models

/// Every action a flow shows, as public constants grouped by the screen that shows them.
///
/// The raw values are the contract's stable names (Docs/FrontEnds.md lists them); ids are unique on
/// each screen together with the alert shown over it, so a front end can name a button by its id
/// alone (labels repeat: "Log in" is the welcome screen's and the form's).
extension ActionID {
    /// "Back": leave the screen for the one below (the forms, a profile, a conversation).
    public static let back: ActionID = "back"

    /// The welcome screen (``Models/ScreenID/welcome``).
    public enum Welcome {
        /// "Log in": the sign-in form.
        public static let logIn: ActionID = "logIn"
        /// "Create account": the sign-up form.
        public static let createAccount: ActionID = "createAccount"
    }

    /// The sign-in and sign-up forms (``Models/ScreenID/signIn``, ``Models/ScreenID/signUp``), and ``back``.
    public enum LogIn {
        /// The form's submit button ("Log in" or "Create account").
        public static let submit: ActionID = "submit"
        /// "Retry" after an offline or server failure.
        public static let retry: ActionID = "retry"
        /// Switches between signing in and signing up.
        public static let switchMode: ActionID = "switchMode"
    }

    /// Profile set-up after sign-up (``Models/ScreenID/profileSetup``).
    public enum ProfileSetup {
        /// "Save".
        public static let save: ActionID = "save"
        /// "Skip for now".
        public static let skip: ActionID = "skip"

        /// The option that toggles the interest named `name` ("interest:Hiking").
        public static func interest(_ name: String) -> ActionID { ActionID(interestPrefix + name) }

        /// The name of the interest an option toggles, if `action` is one.
        public static func interestName(of action: ActionID) -> String? {
            action.rawValue.hasPrefix(interestPrefix)
                ? String(action.rawValue.dropFirst(interestPrefix.count)) : nil
        }

        private static let interestPrefix = "interest:"
    }

    /// Signed-in home (``Models/ScreenID/home``): its tabs, "Log out" and the alert that asks first.
    public enum Home {
        /// The "Deck" tab.
        public static let deckTab: ActionID = "tab:deck"
        /// The "Matches" tab.
        public static let matchesTab: ActionID = "tab:matches"
        /// "Log out", which asks first.
        public static let logOut: ActionID = "logOut"
        /// The "Log out?" alert's "Cancel".
        public static let cancelLogOut: ActionID = "logOut:cancel"
        /// The "Log out?" alert's "Log out".
        public static let confirmLogOut: ActionID = "logOut:confirm"
    }

    /// The deck tab of home, and the alert about super likes.
    public enum Deck {
        /// "Pass" on the top card.
        public static let pass: ActionID = "deck:pass"
        /// "Like" on the top card.
        public static let like: ActionID = "deck:like"
        /// "Super like" on the top card.
        public static let superLike: ActionID = "deck:superLike"
        /// "Rewind": undo the last swipe.
        public static let rewind: ActionID = "deck:rewind"
        /// "Open profile": the top card's full profile.
        public static let openProfile: ActionID = "deck:profile"
        /// "Preferences": who the user looks for.
        public static let preferences: ActionID = "deck:preferences"
        /// "Retry" after the deck failed to load.
        public static let retry: ActionID = "deck:retry"
        /// "Retry sending" the swipes the queue gave up on.
        public static let retrySending: ActionID = "deck:retrySending"
        /// "OK" under the notice of a like the server refused.
        public static let dismissRefusal: ActionID = "deck:dismissRefusal"
        /// "Widen preferences" when no one is left.
        public static let widen: ActionID = "deck:widen"
        /// The "No super likes left" alert's "OK".
        public static let superLikesOK: ActionID = "superLikes:ok"
    }

    /// The matches tab of home: a row per match or conversation, and "Try again".
    public enum Matches {
        /// "Try again" after the list failed to load.
        public static let reload: ActionID = "chat:reload"

        /// The action of the row that opens the conversation `conversationID` ("open:<id>").
        public static func open(_ conversationID: String) -> ActionID {
            ActionID(openPrefix + conversationID)
        }

        /// The conversation a row's action opens, if `action` is one.
        public static func conversationID(openedBy action: ActionID) -> String? {
            action.rawValue.hasPrefix(openPrefix) ? String(action.rawValue.dropFirst(openPrefix.count)) : nil
        }

        private static let openPrefix = "open:"
    }

    /// The "It's a match!" modal (``Models/ScreenID/match``).
    public enum Match {
        /// "Send a message": the new conversation.
        public static let sendMessage: ActionID = "match:message"
        /// "Keep swiping": back to the deck.
        public static let keepSwiping: ActionID = "match:keepSwiping"
    }

    /// The out-of-likes modal (``Models/ScreenID/outOfLikes``).
    public enum OutOfLikes {
        /// "OK": back to where the user was.
        public static let ok: ActionID = "outOfLikes:ok"
    }

    /// A conversation (``Models/ScreenID/chat``), its "Unmatch?"/"Block?" alert, and ``back``.
    public enum Chat {
        /// "Send" the draft.
        public static let send: ActionID = "chat:send"
        /// "Load older messages".
        public static let older: ActionID = "chat:older"
        /// "Retry failed messages".
        public static let retry: ActionID = "chat:retry"
        /// "Delete unsent messages".
        public static let delete: ActionID = "chat:delete"
        /// "Unmatch", which asks first.
        public static let unmatch: ActionID = "chat:unmatch"
        /// "Block", which asks first.
        public static let block: ActionID = "chat:block"
        /// The alert's "Cancel".
        public static let cancel: ActionID = "chat:cancel"
        /// The alert's "Unmatch" or "Block".
        public static let confirm: ActionID = "chat:confirm"
        /// "Try again" while the conversation waits for the matches list.
        public static let reload: ActionID = "chat:reload"
    }

    /// Someone's profile opened by a link (``Models/ScreenID/profile``), and ``back``.
    public enum Profile {
        /// "Retry" after it failed to load.
        public static let retry: ActionID = "retry"
    }

    /// The preferences editor (``Models/ScreenID/preferences``).
    public enum Preferences {
        /// "Save".
        public static let save: ActionID = "save"
        /// "Cancel".
        public static let cancel: ActionID = "cancel"
    }

    /// The alert about a link the app does not know, over any screen.
    public enum Link {
        /// "OK".
        public static let ok: ActionID = "link:ok"
    }
}
