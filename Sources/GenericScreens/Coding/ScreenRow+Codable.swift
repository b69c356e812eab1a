import Models

/// The JSON form of a row (version 1): `{"type": "plain", "title": ..., "detail": ...}`,
/// `{"type": "match", "match": {...}}` or `{"type": "message", "message": {...}}`.
extension ScreenRow: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, title, detail, match, message
    }

    /// Reads a row from its JSON form; an unknown `"type"` is a data-corrupted error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "plain":
            self = .plain(
                title: try container.decode(String.self, forKey: .title),
                detail: try container.decode(String.self, forKey: .detail))
        case "match": self = .match(try container.decode(MatchRow.self, forKey: .match))
        case "message": self = .message(try container.decode(MessageRow.self, forKey: .message))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown row type \(type)")
        }
    }

    /// Writes the row's JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .plain(let title, let detail):
            try container.encode("plain", forKey: .type)
            try container.encode(title, forKey: .title)
            try container.encode(detail, forKey: .detail)
        case .match(let match):
            try container.encode("match", forKey: .type)
            try container.encode(match, forKey: .match)
        case .message(let message):
            try container.encode("message", forKey: .type)
            try container.encode(message, forKey: .message)
        }
    }
}
