import Models

/// Turns `discover://` links into routes.
///
/// Accepts `discover://deck`, `discover://matches`, `discover://chat/<match>` and
/// `discover://profile/<user>`; identifiers are 1–255 characters without `/`, whitespace or controls.
public enum DeepLinkParser {
    /// The scheme every deep link uses.
    public static let scheme = "discover://"

    /// Parses a link, or says why it cannot be followed.
    ///
    /// Surrounding white space is ignored, and the scheme and the place are read without case.
    public static func parse(_ link: String) -> Result<Route, DeepLinkError> {
        let text = Whitespace.trimmed(link)
        guard text.lowercased().hasPrefix(scheme) else {
            return .failure(.unsupportedScheme(String(text.prefix(64))))
        }
        let rest = text.dropFirst(scheme.count)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts.first.map { String($0).lowercased() } ?? ""
        let identifier = parts.count > 1 ? String(parts[1]) : nil
        switch host {
        case "deck", "matches":
            guard identifier == nil || identifier == "" else {
                return .failure(.unknownDestination(String(rest.prefix(64))))
            }
            return .success(host == "deck" ? .deck : .matches)
        case "chat", "profile":
            guard let identifier, isIdentifier(identifier) else {
                return .failure(.invalidIdentifier(String(rest.prefix(64))))
            }
            return .success(host == "chat" ? .chat(identifier) : .profile(UserID(identifier)))
        default:
            return .failure(.unknownDestination(String(rest.prefix(64))))
        }
    }

    /// Whether `text` is 1–255 characters without `/`, white space or control characters.
    private static func isIdentifier(_ text: String) -> Bool {
        (1...255).contains(text.count)
            && !text.unicodeScalars.contains {
                $0 == "/" || $0.properties.isWhitespace || $0.properties.generalCategory == .control
            }
    }
}
