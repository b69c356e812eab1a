/// The values the explorer types: valid ones most of the time (so it gets past the login and into
/// the app), and invalid, hostile, long and Unicode ones.
///
/// No value holds a token's shape (`eat_`, `ert_`) or a password of ``passwords``, so finding one in
/// the transcript means the app leaked it.
enum ExploreValues {
    /// The demo people and their passwords (``EmbeddedBackend/DemoData``).
    static let people: [(name: String, password: String)] = [
        ("alice", "wonderland"), ("bob", "builder123"), ("carol", "christmas1"), ("dave", "davedave1"),
    ]

    /// Passwords that are nobody's, typed into secure fields only.
    static let wrongPasswords = ["not-the-password", "hunter2hunter2", "pässwörd-\u{1F511}-long-enough"]

    /// Every password the explorer types into a secure field: none may show in the transcript.
    static var passwords: [String] { people.map(\.password) + wrongPasswords }

    /// Text that is invalid or hostile in any field: empty, blank, long, control and bidirectional
    /// characters, markup, injections, combining marks, emoji, right-to-left scripts.
    static let hostile: [String] = [
        "", " ", "   \t ", "\n", "a", String(repeating: "x", count: 300), String(repeating: "é", count: 70),
        "Zoë", "e\u{301}\u{301}\u{301}", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "\u{202E}txet\u{202C}",
        "\u{0}", "\u{7}bell", "<script>alert(1)</script>", "'; DROP TABLE users; --", "%s%n%x",
        "\u{200B}", "שלום", "名前", "🇫🇷🇩🇪", "../../etc/passwd", "null", "-1", "1e309",
        "99999999999999999999999", "\u{FEFF}bom", "line\u{2028}separator",
    ]

    /// Usernames and emails: the demo people's (right), someone's in another case, unknown ones.
    static let identities = [
        "alice", "bob", "carol", "dave", "ALICE", "alice@example.com", "bob@example.com", "zed", "sam",
        "new-person", "c3",
    ]

    /// Numbers for age and distance fields: valid, at the limits, past them, not numbers.
    static let numbers = ["18", "25", "35", "99", "100", "0", "17", "-5", "150", "3.5", "abc", "", "1000000"]

    /// Dates for birth-date fields: valid, impossible, too young, not dates.
    static let dates = [
        "1995-01-01", "2000-02-29", "2001-02-29", "2020-01-01", "1900-01-01", "01/02/1990", "",
    ]

    /// Pieces a message starts with (a tag follows, so each message is told apart).
    static let messagePieces = [
        "hi", "Are you there?", "Zoë 👋", "שלום", "名前", "<b>bold</b>", "e\u{301}", "\u{202E}rtl",
        String(repeating: "long ", count: 60), "",
    ]

    /// Messages that must be refused before they are sent (never made): blank ones.
    static let refusedMessages = ["", "   ", "\n\t"]

    /// The tag that ends message number `number`: no two messages the explorer makes are equal.
    static func tag(_ number: Int) -> String { " #x\(number)" }

    /// Whether a message's text ends with an explorer's tag (so it is one the explorer made).
    static func isTagged(_ text: String) -> Bool {
        guard let range = text.range(of: " #x", options: .backwards) else { return false }
        let digits = text[range.upperBound...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }
}
