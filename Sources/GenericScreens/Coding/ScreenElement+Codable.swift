import Models

/// The JSON form of an element (version 1): an object whose `"type"` names the case and whose other
/// key of the same name holds its value, e.g. `{"type": "card", "card": {...}}`.
///
/// The two banners are `{"type": "banner", "banner": {"kind": "info" | "error", "text": ...}}`;
/// options carry `"label"` and `"options"`. Docs/FrontEnds.md lists every form.
extension ScreenElement: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, text, banner, field, action, tabs, label, options, list, card, countdown, typing
        case likesLeft
    }

    private struct Banner: Codable {
        var kind: String
        var text: String
    }

    /// Reads an element from its JSON form; an unknown `"type"` is a data-corrupted error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "text": self = .text(try container.decode(String.self, forKey: .text))
        case "banner":
            let banner = try container.decode(Banner.self, forKey: .banner)
            switch banner.kind {
            case "info": self = .notice(banner.text)
            case "error": self = .error(banner.text)
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .banner, in: container, debugDescription: "unknown banner kind \(banner.kind)")
            }
        case "field": self = .field(try container.decode(ScreenField.self, forKey: .field))
        case "action": self = .action(try container.decode(ScreenAction.self, forKey: .action))
        case "tabs": self = .tabs(try container.decode([ScreenAction].self, forKey: .tabs))
        case "options":
            self = .options(
                label: try container.decode(String.self, forKey: .label),
                try container.decode([ScreenAction].self, forKey: .options))
        case "list": self = .list(try container.decode(ScreenList.self, forKey: .list))
        case "card": self = .card(try container.decode(CandidateCard.self, forKey: .card))
        case "countdown": self = .countdown(try container.decode(Countdown.self, forKey: .countdown))
        case "typing": self = .typing(try container.decode(Typing.self, forKey: .typing))
        case "likesLeft": self = .likesLeft(try container.decode(LikesLeft.self, forKey: .likesLeft))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown element type \(type)")
        }
    }

    /// Writes the element's JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: .type)
            try container.encode(text, forKey: .text)
        case .notice(let text):
            try container.encode("banner", forKey: .type)
            try container.encode(Banner(kind: "info", text: text), forKey: .banner)
        case .error(let text):
            try container.encode("banner", forKey: .type)
            try container.encode(Banner(kind: "error", text: text), forKey: .banner)
        case .field(let field):
            try container.encode("field", forKey: .type)
            try container.encode(field, forKey: .field)
        case .action(let action):
            try container.encode("action", forKey: .type)
            try container.encode(action, forKey: .action)
        case .tabs(let tabs):
            try container.encode("tabs", forKey: .type)
            try container.encode(tabs, forKey: .tabs)
        case .options(let label, let options):
            try container.encode("options", forKey: .type)
            try container.encode(label, forKey: .label)
            try container.encode(options, forKey: .options)
        case .list(let list):
            try container.encode("list", forKey: .type)
            try container.encode(list, forKey: .list)
        case .card(let card):
            try container.encode("card", forKey: .type)
            try container.encode(card, forKey: .card)
        case .countdown(let countdown):
            try container.encode("countdown", forKey: .type)
            try container.encode(countdown, forKey: .countdown)
        case .typing(let typing):
            try container.encode("typing", forKey: .type)
            try container.encode(typing, forKey: .typing)
        case .likesLeft(let likesLeft):
            try container.encode("likesLeft", forKey: .type)
            try container.encode(likesLeft, forKey: .likesLeft)
        }
    }
}
