/// The JSON form of a list change (version 1): `{"type": "insert" | "remove" | "update", "id": ...,
/// "index": ...}` or `{"type": "move", "id": ..., "from": ..., "to": ...}`.
extension ListChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, id, index, from, to
    }

    /// Reads a change from its JSON form; an unknown `"type"` is a data-corrupted error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let id = try container.decode(String.self, forKey: .id)
        switch type {
        case "insert": self = .insert(id, at: try container.decode(Int.self, forKey: .index))
        case "remove": self = .remove(id, at: try container.decode(Int.self, forKey: .index))
        case "update": self = .update(id, at: try container.decode(Int.self, forKey: .index))
        case "move":
            self = .move(
                id, from: try container.decode(Int.self, forKey: .from),
                to: try container.decode(Int.self, forKey: .to))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown list change \(type)")
        }
    }

    /// Writes the change's JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .insert(let id, let index), .remove(let id, let index), .update(let id, let index):
            try container.encode(kind, forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(index, forKey: .index)
        case .move(let id, let from, let to):
            try container.encode("move", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        }
    }

    private var kind: String {
        switch self {
        case .insert: "insert"
        case .remove: "remove"
        case .update: "update"
        case .move: "move"
        }
    }
}
