/// The one refusal every backend gives a message for a match that has ended.
extension ServiceError {
    /// What a server answers a message sent into a match that has ended (the other person unmatched,
    /// blocked or left the room): refused for good, with the reason "This match has ended.".
    ///
    /// The embedded server answers it for a conversation with no live match; the Matrix backend for a
    /// room the other member has left, or that is no longer one of the user's matches.
    public static let matchEnded = ServiceError.rejected("This match has ended.")
}
