import Models

/// A plain value describing everything a screen shows and every intent it accepts.
///
/// Front ends render a screen from this value alone and send ``Intent`` values back; they never see
/// contexts or services.
public struct Screen: Hashable, Sendable, Codable {
    /// Which kind of screen this is.
    public var id: ScreenID
    /// The title shown at the top.
    public var title: String
    /// What is shown, top to bottom.
    public var elements: [ScreenElement]

    /// Creates a screen.
    public init(id: ScreenID, title: String, elements: [ScreenElement]) {
        self.id = id
        self.title = title
        self.elements = elements
    }

    /// Every action on the screen: buttons, tabs and options, in display order.
    public var actions: [ScreenAction] {
        elements.flatMap { element -> [ScreenAction] in
            switch element {
            case .action(let action): [action]
            case .tabs(let tabs): tabs
            case .options(_, let options): options
            case .list(let list):
                list.items.compactMap { item in item.action.map { ScreenAction(id: $0, label: item.title) } }
            case .text, .notice, .error, .field, .card, .countdown, .typing, .likesLeft: []
            }
        }
    }

    /// Every list on the screen, in display order.
    public var lists: [ScreenList] {
        elements.compactMap { element in
            if case .list(let list) = element { return list }
            return nil
        }
    }

    /// Every text field on the screen, in display order.
    public var fields: [ScreenField] {
        elements.compactMap { element in
            if case .field(let field) = element { return field }
            return nil
        }
    }

    /// Every piece of visible text: the title, then each element's ``ScreenElement/visibleTexts``.
    public var visibleTexts: [String] {
        [title] + elements.flatMap(\.visibleTexts)
    }
}
