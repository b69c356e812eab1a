/// A like or super like the server refused for good (the person is no longer there, or the like is
/// not allowed): the deck tells the user once, until they dismiss it.
///
/// A refused pass says nothing: passing on someone who is gone changes nothing for the user.
public struct SwipeRefusal: Hashable, Sendable {
    /// What the refused swipe was: a like or a super like.
    public let action: SwipeAction
    /// The name on the card swiped, when the card was swiped in this run (after a relaunch the
    /// queued swipe knows only whom it was for).
    public let name: String?
    /// Why the server refused it, as ``Interactors/SendQueuePolicy`` words it ("No longer
    /// available").
    public let reason: String

    /// Creates the refusal of an `action` on the card named `name`.
    public init(action: SwipeAction, name: String?, reason: String) {
        self.action = action
        self.name = name
        self.reason = reason
    }
}
