import EmbeddedBackend
import Models

/// The other side's repertoire beyond likes, messages, reads, typing and unmatching, on the embedded
/// server: an edit, a deletion, a block and a like taken back, each as that person's app would make
/// it (see `EmbeddedServer+MessageKnobs.swift` and ``EmbeddedServer/withdrawLike(from:to:)``).
extension EmbeddedScenarioWorld {
    /// `editor` changes the text of their newest message `text` to `other`, as their app would.
    public func editMessage(by editor: UserID, with other: UserID, from text: String, to newText: String)
        throws(ScenarioRunError)
    {
        do {
            try app.backend.server.editMessage(by: editor, with: other, from: text, to: newText)
        } catch {
            throw Self.refusal(
                error, "\(editor) cannot edit \"\(text)\"", missing: "\(editor) sent \(other) no such message"
            )
        }
        app.transcript.append(.note("\(editor) edits \"\(text)\" to \"\(newText)\""))
        app.settle()
    }

    /// `sender` deletes their newest message `text` to `other`, as their app would.
    public func deleteMessage(by sender: UserID, with other: UserID, _ text: String) throws(ScenarioRunError)
    {
        do {
            try app.backend.server.deleteMessage(by: sender, with: other, text)
        } catch {
            throw Self.refusal(
                error, "\(sender) cannot delete \"\(text)\"",
                missing: "\(sender) sent \(other) no such message")
        }
        app.transcript.append(.note("\(sender) deletes \"\(text)\""))
        app.settle()
    }

    /// `user` ends the match with `other` and blocks them, as their app would: from then on neither
    /// sees the other in the deck, and a like between them makes no match.
    public func block(by user: UserID, of other: UserID) throws(ScenarioRunError) {
        app.given("\(user) blocks \(other)") { $0.unmatch(by: user, with: other, block: true) }
    }

    /// `liker` takes back their like of `liked`, which has not made a match.
    public func withdrawLike(from liker: UserID, to liked: UserID) throws(ScenarioRunError) {
        do {
            try app.backend.server.withdrawLike(from: liker, to: liked)
        } catch {
            throw Self.refusal(
                error, "\(liker) cannot unlike \(liked)", missing: "\(liker) has no like of \(liked) waiting")
        }
        app.transcript.append(.note("\(liker) unlikes \(liked)"))
        app.settle()
    }

    /// Why the server refused one of the other side's steps, in a scenario's words; `missing` says
    /// what was not found.
    static func refusal(_ error: ServiceError, _ what: String, missing: String) -> ScenarioRunError {
        switch error {
        case .notFound: ScenarioRunError("\(what): \(missing)")
        case .rejected(let reason): ScenarioRunError("\(what): \(reason)")
        case .invalidCredentials, .accountExists, .rateLimited, .networkUnavailable, .tokenExpired,
            .tokenRevoked, .server, .malformedResponse:
            ScenarioRunError("\(what): \(error)")
        }
    }
}
