/// Bugs the embedded server can be told to have, to prove that `discover explore` finds them.
///
/// Test-only and off by default (``EmbeddedServerConfiguration/faults`` is empty): no scenario step
/// reaches them, and the command line only through `discover explore`'s hidden `--fault` option,
/// which the explorer's own tests use. Each is a server-side bug a real backend could have:
///
/// - ``duplicateMessageWithoutID``: a message reaches its recipient twice, the second copy under
///   another id and with no transaction id, so no client can tell the two apart by id.
/// - ``dropAnswer``: the answers to sends (`sendSwipe`, `sendMessage`) are lost: the server applies
///   the request, the client never hears back.
/// - ``reorderPages``: a conversation's newest page of history and the page before it come swapped:
///   the request for the newest messages gets the older ones, with a cursor to the newest.
public struct EmbeddedFaults: OptionSet, Hashable, Sendable {
    /// The faults' bits.
    public let rawValue: Int

    /// Creates a set of faults from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A message reaches its recipient twice, the second copy under another id.
    public static let duplicateMessageWithoutID = EmbeddedFaults(rawValue: 1 << 0)
    /// The answers to `sendSwipe` and `sendMessage` never arrive.
    public static let dropAnswer = EmbeddedFaults(rawValue: 1 << 1)
    /// The newest page of a conversation's history and the page before it are swapped.
    public static let reorderPages = EmbeddedFaults(rawValue: 1 << 2)

    /// Each fault with the name `discover explore --fault` takes.
    public static let named: [(name: String, fault: EmbeddedFaults)] = [
        ("duplicate-message", .duplicateMessageWithoutID),
        ("drop-answer", .dropAnswer),
        ("reorder-pages", .reorderPages),
    ]

    /// The fault with this name (``named``), if any.
    public init?(name: String) {
        guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
        self = found.fault
    }

    /// Whether this fault loses the answer to a request to `endpoint`.
    func dropsAnswer(of endpoint: EmbeddedEndpoint) -> Bool {
        contains(.dropAnswer) && (endpoint == .sendSwipe || endpoint == .sendMessage)
    }
}
