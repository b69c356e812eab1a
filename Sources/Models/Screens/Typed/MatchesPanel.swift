/// The matches' tab of home: new matches and conversations, or why they are not there yet.
public struct MatchesPanel: Equatable, Sendable {
    /// What the user can do on the matches' tab.
    public enum Action: Equatable, Sendable {
        /// A row: opens the conversation with this id.
        case conversationTapped(String)
        /// "Try again" after the list failed to load.
        case reloadTapped
    }

    /// The rows: new matches, then conversations, most recent first.
    public var rows: MatchRows
    /// Whether the server's list has arrived (before, an empty list means "not known yet").
    public var isLoaded: Bool
    /// Why the last attempt to load the list failed.
    public var loadFailure: RequestFailure?
    /// Messages waiting to be sent.
    public var waitingToSend: Int

    /// Creates the panel.
    public init(rows: MatchRows, isLoaded: Bool, loadFailure: RequestFailure?, waitingToSend: Int) {
        self.rows = rows
        self.isLoaded = isLoaded
        self.loadFailure = loadFailure
        self.waitingToSend = waitingToSend
    }

    /// The panel for the matches list `state`.
    public init(_ state: ChatListState) {
        self.init(
            rows: MatchRows(state), isLoaded: state.isLoaded, loadFailure: state.loadFailure,
            waitingToSend: state.outboxCount)
    }
}
