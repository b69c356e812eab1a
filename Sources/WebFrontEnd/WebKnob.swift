import EmbeddedBackend
import Foundation
import Models

/// A test knob: the embedded server acting for the other person in the user's conversation with
/// them (`POST /api/sessions/{id}/knobs`, only with `--test-knobs`).
///
/// JSON: `{"knob":"message","from":"bob","text":"Hi"}`, `{"knob":"read","by":"bob"}`,
/// `{"knob":"typing","by":"bob"}`.
public enum WebKnob: Hashable, Sendable, Decodable {
    /// `from` sends `text` to the user.
    case message(from: String, text: String)
    /// `by` reads the conversation with the user.
    case read(by: String)
    /// `by` starts typing to the user.
    case typing(by: String)

    private enum Key: String, CodingKey { case knob, from, text, by }

    /// Reads the JSON form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        switch try container.decode(String.self, forKey: .knob) {
        case "message":
            self = .message(
                from: try container.decode(String.self, forKey: .from), text: try container.decode(String.self, forKey: .text))
        case "read": self = .read(by: try container.decode(String.self, forKey: .by))
        case "typing": self = .typing(by: try container.decode(String.self, forKey: .by))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .knob, in: container, debugDescription: "unknown knob '\(other)'; there are message, read, typing")
        }
    }

    /// The person the knob acts for.
    public var person: String {
        switch self {
        case .message(let from, _): from
        case .read(let by), .typing(let by): by
        }
    }

    /// Acts on `server` for ``person`` towards the signed-in user: the match of that person whose
    /// other side has a live session (each browser session has a server of its own).
    @MainActor
    func act(on server: EmbeddedServer) -> Result<Void, WebSessionError> {
        let other = UserID(person)
        guard let me = server.matches(of: other).map(\.user).first(where: { server.liveSessionCount(of: $0) > 0 })
        else { return .failure(.conflict("\(person) has no match with the signed-in user")) }
        switch self {
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
