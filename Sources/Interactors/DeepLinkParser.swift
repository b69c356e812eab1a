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
    /// A link as the app writes it (lower-case scheme and place, printable ASCII) is read byte by byte
    /// (``printableRoute(_:)``); anything else goes through the general parse, which trims, folds case
    /// and refuses with a reason. Both give the same route.
    public static func parse(_ link: String) -> Result<Route, DeepLinkError> {
        if let route = printableRoute(link) { return .success(route) }
        return parseInGeneral(link)
    }

    /// The route of a link in printable ASCII with the scheme and the place in lower case, read without
    /// trimming, folding case or splitting (a few hundred instructions rather than thousands); `nil` for
    /// any other link, and for one this path does not accept, which the general parse then decides.
    static func printableRoute(_ link: String) -> Route? {
        let utf8 = link.utf8
        var index = utf8.startIndex
        for expected in scheme.utf8 {
            guard index != utf8.endIndex, utf8[index] == expected else { return nil }
            index = utf8.index(after: index)
        }
        let hostStart = index
        while index != utf8.endIndex, utf8[index] != UInt8(ascii: "/") {
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(utf8[index]) else { return nil }
            index = utf8.index(after: index)
        }
        let host = Substring(utf8[hostStart..<index])
        let hasSlash = index != utf8.endIndex
        if hasSlash { index = utf8.index(after: index) }
        let identifierStart = index
        var length = 0
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "/") else { return nil }
            length += 1
            index = utf8.index(after: index)
        }
        switch host {
        case "deck", "matches":
            guard length == 0 else { return nil }
            return host == "deck" ? .deck : .matches
        case "chat", "profile":
            guard hasSlash, (1...255).contains(length) else { return nil }
            let identifier = String(Substring(utf8[identifierStart...]))
            return host == "chat" ? .chat(identifier) : .profile(UserID(identifier))
        default:
            return nil
        }
    }

    /// ``parse(_:)`` for any link: trimmed, the scheme and place compared without case, every refusal
    /// with its reason.
    static func parseInGeneral(_ link: String) -> Result<Route, DeepLinkError> {
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

    private static func isIdentifier(_ text: String) -> Bool {
        // ASCII (every id the app makes) needs no Unicode property look-ups: below U+0080 the control
        // and whitespace characters are exactly U+0000–U+0020 and U+007F.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return (1...255).contains(text.utf8.count)
                && !text.utf8.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }
        }
        return (1...255).contains(text.count)
            && !text.unicodeScalars.contains {
                $0 == "/" || $0.properties.isWhitespace || $0.properties.generalCategory == .control
            }
    }
}
