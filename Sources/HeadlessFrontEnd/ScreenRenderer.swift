import GenericScreens
import Models

/// Renders screens and alerts as plain text, from their values alone.
public enum ScreenRenderer {
    /// A screen as text: a title bar, then one line per element; a secure field shows `•••` whatever
    /// its length (empty when empty), as ``SecretMask`` says.
    public static func render(_ screen: Screen) -> String {
        var lines = ["== \(screen.title) == (\(screen.id))"]
        for element in screen.elements {
            switch element {
            case .text(let text):
                lines.append(text)
            case .notice(let text):
                lines.append("(i) \(text)")
            case .error(let text):
                lines.append("(!) \(text)")
            case .field(let field):
                let value = field.isSecure ? SecretMask.masked(field.value) : field.value
                lines.append("\(field.label): [\(value)]")
                if let error = field.error { lines.append("  ! \(error)") }
            case .action(let action):
                lines.append(button(action))
            case .tabs(let tabs):
                lines.append(
                    tabs.map { $0.isSelected == true ? "<\($0.label)>" : " \($0.label) " }.joined(
                        separator: " | "))
            case .list(let list):
                if list.items.isEmpty { lines.append("(empty list)") }
                for item in list.items {
                    lines.append("  • \(item.title)" + (item.detail.isEmpty ? "" : "  — \(item.detail)"))
                }
            case .card(let card):
                lines.append(card.headline)
                if let superLike = card.superLikeLine { lines.append("(i) \(superLike)") }
                if !card.bio.isEmpty { lines.append(card.bio) }
                if let shared = card.sharedInterestsLine { lines.append(shared) }
                if let next = card.nextLine { lines.append(next) }
            case .countdown(let countdown):
                lines.append(countdown.text)
            case .typing(let typing):
                lines.append(typing.text)
            case .likesLeft(let likesLeft):
                lines.append(likesLeft.text)
            case .options(let label, let options):
                lines.append(
                    "\(label): "
                        + options.map { ($0.isSelected == true ? "[x] " : "[ ] ") + $0.label }.joined(
                            separator: "  "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An alert as text.
    public static func render(_ alert: ScreenAlert) -> String {
        ["** \(alert.title) **", alert.message, alert.actions.map(button).joined(separator: " ")].joined(
            separator: "\n")
    }

    private static func button(_ action: ScreenAction) -> String {
        action.isEnabled ? "[ \(action.label) ]" : "[ \(action.label) ] (disabled)"
    }
}
