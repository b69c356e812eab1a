import Models

/// The JSON form of an intent (version 1): `{"type": "tap", "action": "deck:like"}` or
/// `{"type": "edit", "field": "username", "value": "alice"}`.
extension Intent: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, action, field, value
    }

    /// Reads an intent from its JSON form; an unknown `"type"` is a data-corrupted error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "tap": self = .tap(try container.decode(ActionID.self, forKey: .action))
        case "edit":
            self = .edit(
                try container.decode(FieldID.self, forKey: .field),
                try container.decode(String.self, forKey: .value))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown intent \(type)")
        }
    }

    /// Writes the intent's JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .tap(let action):
            try container.encode("tap", forKey: .type)
            try container.encode(action, forKey: .action)
        case .edit(let field, let value):
            try container.encode("edit", forKey: .type)
            try container.encode(field, forKey: .field)
            try container.encode(value, forKey: .value)
        }
    }
}
