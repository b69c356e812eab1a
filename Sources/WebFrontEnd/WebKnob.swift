import EmbeddedBackend
import Foundation
import Models

/// A test knob: the embedded server acting for another person towards the signed-in user
/// (`POST /api/sessions/{id}/knobs`, only with `--test-knobs`).
///
/// JSON: `{"knob":"like","from":"bob"}` (with `"superLike":true`, a super like),
/// `{"knob":"message","from":"bob","text":"Hi"}`, `{"knob":"read","by":"bob"}`,
/// `{"knob":"typing","by":"bob"}`. All but `like` need a match between the two.
public enum WebKnob: Hashable, Sendable, Decodable {
    /// `from` likes (or super likes) the user, as their app would.
    case like(from: String, superLike: Bool)
    /// `from` sends `text` to the user.
    case message(from: String, text: String)
    /// `by` reads the conversation with the user.
    case read(by: String)
    /// `by` starts typing to the user.
    case typing(by: String)

    private enum Key: String, CodingKey { case knob, from, text, by, superLike }

    /// Reads the JSON form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        switch try container.decode(String.self, forKey: .knob) {
        case "like":
            self = .like(
                from: try container.decode(String.self, forKey: .from),
                superLike: try container.decodeIfPresent(Bool.self, forKey: .superLike) ?? false)
        case "message":
            self = .message(
                from: try container.decode(String.self, forKey: .from),
                text: try container.decode(String.self, forKey: .text))
        case "read": self = .read(by: try container.decode(String.self, forKey: .by))
        case "typing": self = .typing(by: try container.decode(String.self, forKey: .by))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .knob, in: container,
                debugDescription: "unknown knob '\(other)'; there are like, message, read, typing")
        }
    }

    /// The person the knob acts for.
    public var person: String {
        switch self {
        case .like(let from, _), .message(let from, _): from
        case .read(let by), .typing(let by): by
        }
    }

    /// Acts on `server` (the world the sessions share) for ``person`` towards `me`, the user signed in
    /// in the session the knob was sent to.
    @MainActor
    func act(on server: EmbeddedServer, towards me: UserID) -> Result<Void, WebSessionError> {
        let other = UserID(person)
        guard server.profile(of: other) != nil else {
            return .failure(.conflict("no such person '\(person)'"))
        }
        if case .like(_, let superLike) = self {
            server.like(from: other, to: me, superLike: superLike)
            return .success(())
        }
        guard server.matches(of: other).contains(where: { $0.user == me }) else {
            return .failure(.conflict("\(person) has no match with the signed-in user"))
        }
        switch self {
        case .like: break
        case .message(_, let text):
            do {
                try server.sendMessage(from: other, to: me, text)
            } catch {
                return .failure(.conflict("\(person) cannot send: \(error)"))
            }
        case .read: server.markRead(by: other, with: me)
        case .typing: server.setTyping(by: other, with: me, isTyping: true)
        }
        return .success(())
    }
}
