import Foundation
import MatrixBackend
import Models
import Services

/// The other side's repertoire beyond likes, messages, reads, typing and unmatching, on a real
/// homeserver, each done by that person's own client: an edit (`m.replace`), a deletion (a
/// redaction), a block (a leave saying so, the user ignored) and a like taken back (a leave of the
/// invite's room).
extension MatrixScenarioWorld {
    /// `editor`'s client edits their newest message `text` to `other` into `newText`.
    public func editMessage(by editor: UserID, with other: UserID, from text: String, to newText: String)
        throws(ScenarioRunError)
    {
        let conversation = Match.id(between: matrixID(editor), and: matrixID(other))
        let id = try newestMessage(of: editor, saying: text, in: conversation, to: other)
        let transaction = app.backend.ids.next()
        let service = try chatService(of: editor)
        guard
            act(
                "\(name(editor)) edits \"\(text)\" to \"\(newText)\"", as: editor,
                { _, token, done in
                    service.editMessage(
                        id: id, in: conversation, to: newText, transaction: transaction, accessToken: token,
                        completion: done)
                })
        else { throw ScenarioRunError("\(name(editor)) could not edit \"\(text)\"") }
    }

    /// `sender`'s client redacts their newest message `text` to `other`.
    public func deleteMessage(by sender: UserID, with other: UserID, _ text: String) throws(ScenarioRunError)
    {
        let conversation = Match.id(between: matrixID(sender), and: matrixID(other))
        let id = try newestMessage(of: sender, saying: text, in: conversation, to: other)
        let transaction = app.backend.ids.next()
        let service = try chatService(of: sender)
        guard
            act(
                "\(name(sender)) deletes \"\(text)\"", as: sender,
                { _, token, done in
                    service.deleteMessage(
                        id: id, in: conversation, transaction: transaction, accessToken: token,
                        completion: done)
                })
        else { throw ScenarioRunError("\(name(sender)) could not delete \"\(text)\"") }
    }

    /// `user`'s client blocks `other`: leaves their room saying so, with `other` on its ignore list.
    public func block(by user: UserID, of other: UserID) throws(ScenarioRunError) {
        let conversation = Match.id(between: matrixID(user), and: matrixID(other))
        guard
            act(
                "\(name(user)) blocks \(name(other))", as: user,
                { services, token, done in
                    services.chat.unmatch(
                        conversation: conversation, block: true, accessToken: token, completion: done)
                })
        else { throw ScenarioRunError("\(name(user)) could not block \(name(other))") }
    }

    /// `liker`'s client takes back their like of `liked`: it leaves the room of its invite.
    public func withdrawLike(from liker: UserID, to liked: UserID) throws(ScenarioRunError) {
        let candidate = matrixID(liked)
        let discovery = MatrixDiscoveryService(connection: try connection(of: liker))
        guard
            act(
                "\(name(liker)) unlikes \(name(liked))", as: liker,
                { _, token, done in
                    discovery.withdrawLike(
                        of: candidate, accessToken: token, completion: done)
                })
        else { throw ScenarioRunError("\(name(liker)) could not unlike \(name(liked))") }
    }

    // MARK: Internals

    /// `person`'s own client's connection.
    private func connection(of person: UserID) throws(ScenarioRunError) -> MatrixConnection {
        guard let backend = people[name(person)]?.backend else {
            throw ScenarioRunError("\(name(person)) has no client in this world")
        }
        return backend.connection
    }

    /// `person`'s own chat service, as a Matrix chat service (edits and redactions are Matrix's).
    private func chatService(of person: UserID) throws(ScenarioRunError) -> MatrixChatService {
        MatrixChatService(connection: try connection(of: person), syncTokens: nil)
    }

    /// The id of `sender`'s newest message saying exactly `text` among the newest 100 of their
    /// conversation with `other`, as their own client reads it.
    private func newestMessage(
        of sender: UserID, saying text: String, in conversation: String, to other: UserID
    )
        throws(ScenarioRunError) -> String
    {
        let page: MessagePage
        do {
            page = try call(name(sender)) { services, token, done in
                services.chat.fetchMessages(
                    conversation: conversation, before: nil, limit: 100, accessToken: token, completion: done)
            }
        } catch {
            throw ScenarioRunError(
                "\(name(sender)) cannot read the conversation with \(name(other)): \(error)")
        }
        let author = matrixID(sender)
        guard let message = page.messages.first(where: { $0.sender == author && $0.text == text }) else {
            throw ScenarioRunError("\(name(sender)) sent \(name(other)) no such message \"\(text)\"")
        }
        return message.id
    }
}
