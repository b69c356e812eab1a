import Models
import PersistentList

/// A list of rows on a screen, with the changes from the version shown before.
///
/// A front end that shows the list keeps its rows, applies ``changes`` when ``revision`` is one more
/// than the one it shows, and checks the result against ``items`` (the crash class where a view
/// shows N rows while the state changed underneath).
public struct ScreenList: Hashable, Sendable, Codable {
    /// One row.
    public struct Item: Hashable, Sendable, Codable {
        /// The row's identity, stable across versions.
        public var id: String
        /// What the row shows.
        public var row: ScreenRow
        /// What tapping the row sends, if it can be tapped.
        public var action: ActionID?

        /// Creates a row showing `row`.
        public init(id: String, row: ScreenRow, action: ActionID? = nil) {
            self.id = id
            self.row = row
            self.action = action
        }

        /// Creates a plain row with a title and a secondary text.
        public init(id: String, title: String, detail: String, action: ActionID? = nil) {
            self.init(id: id, row: .plain(title: title, detail: detail), action: action)
        }

        /// The main text (also the label a text front end taps the row by), derived from ``row``.
        public var title: String { row.title }
        /// The secondary text, derived from ``row``.
        public var detail: String { row.detail }
    }

    /// The list's identity on the screen.
    public var id: String
    /// The rows in order.
    ///
    /// A ``PersistentList/PersistentList`` (encoded as an array): a conversation's next screen
    /// shares the rows of the one before, so a message sent or confirmed builds and stores one row,
    /// not all of them.
    public var items: PersistentList<Item>
    /// How the rows changed from `revision - 1`.
    public var changes: [ListChange]
    /// The version of the rows.
    public var revision: Int

    /// Creates a list.
    public init(id: String, items: PersistentList<Item>, changes: [ListChange], revision: Int) {
        self.id = id
        self.items = items
        self.changes = changes
        self.revision = revision
    }

    /// Creates a list of the rows in an array.
    public init(id: String, items: [Item], changes: [ListChange], revision: Int) {
        self.init(id: id, items: PersistentList(items), changes: changes, revision: revision)
    }
}
