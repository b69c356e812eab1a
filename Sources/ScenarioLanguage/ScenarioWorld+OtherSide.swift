import Models

/// The other side's later steps, refused by a world that does not say it can do them: a world
/// written before they existed keeps building, and a scenario using one fails at that step with the
/// reason.
extension ScenarioWorld {
    /// Refused: this world cannot edit a message as someone else.
    public func editMessage(by editor: UserID, with other: UserID, from text: String, to newText: String)
        throws(ScenarioRunError)
    {
        throw ScenarioRunError("'\(editor) edits …' is not something this backend's world can do")
    }

    /// Refused: this world cannot delete a message as someone else.
    public func deleteMessage(by sender: UserID, with other: UserID, _ text: String) throws(ScenarioRunError)
    {
        throw ScenarioRunError("'\(sender) deletes …' is not something this backend's world can do")
    }

    /// Refused: this world cannot block as someone else.
    public func block(by user: UserID, of other: UserID) throws(ScenarioRunError) {
        throw ScenarioRunError("'\(user) blocks me' is not something this backend's world can do")
    }

    /// Refused: this world cannot take back someone else's like.
    public func withdrawLike(from liker: UserID, to liked: UserID) throws(ScenarioRunError) {
        throw ScenarioRunError("'\(liker) unlikes me' is not something this backend's world can do")
    }
}
