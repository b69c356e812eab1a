/// The JSON form of a delivery (version 1): `{"type": "sending" | "sent" | "delivered" | "read"}`, or
/// `{"type": "failed", "reason": null | "...", "canRetry": true | false}`.
extension MessageRow.Delivery: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, reason, canRetry
    }

    /// Reads a delivery from its JSON form; an unknown `"type"` is a data-corrupted error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "sending": self = .sending
        case "sent": self = .sent
        case "delivered": self = .delivered
        case "read": self = .read
        case "failed":
            self = .failed(
                reason: try container.decodeIfPresent(String.self, forKey: .reason),
                canRetry: try container.decode(Bool.self, forKey: .canRetry))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown delivery \(type)")
        }
    }

    /// Writes the delivery's JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .sending: try container.encode("sending", forKey: .type)
        case .sent: try container.encode("sent", forKey: .type)
        case .delivered: try container.encode("delivered", forKey: .type)
        case .read: try container.encode("read", forKey: .type)
        case .failed(let reason, let canRetry):
            try container.encode("failed", forKey: .type)
            try container.encode(reason, forKey: .reason)
            try container.encode(canRetry, forKey: .canRetry)
        }
    }
}
