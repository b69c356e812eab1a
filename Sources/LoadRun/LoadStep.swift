/// One thing a person does in a load run's day, through the app's screens.
///
/// A step that needs something not shown yet (a card, the home screen) waits for it, for a bounded
/// time; one that no longer makes sense (a message to a match that did not happen) is skipped and
/// counted.
public enum LoadStep: Hashable, Codable, Sendable {
    /// Fills in the sign-up form and submits it.
    case signUp
    /// Writes a bio, picks two interests and saves the profile.
    case setUpProfile
    /// Ends the app and launches it again (the stored session is restored).
    case relaunch
    /// Swipes the card on top as the person's plan says: like, super like or pass.
    case swipe
    /// Brings the last passed card back.
    case rewind
    /// Sends the person's `number`th message (from 1) to `person`, opening the conversation first.
    case send(to: Int, number: Int)
    /// Goes back from an open conversation.
    case closeConversation
    /// Takes the device offline.
    case goOffline
    /// Brings the device back online.
    case goOnline
    /// Ends the match with `person`.
    case unmatch(Int)
}
