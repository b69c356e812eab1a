import Models

/// The embedded server's live-feed handlers by user, with the last two users looked up kept beside
/// the table.
///
/// A conversation's events go to its two people in turn (typing and messages to one, receipts to the
/// other); comparing with the two last hits skips hashing their ids. Every change to the table forgets
/// them, so a lookup always answers what the table holds.
struct SubscriberTable {
    /// A user's handlers: subscription id → handler.
    typealias Handlers = [UInt64: ChatServerState.Subscriber]

    /// user → subscription id → handler.
    private(set) var all: [UserID: Handlers] = [:]
    private var recent: (user: UserID, handlers: Handlers?)?
    private var older: (user: UserID, handlers: Handlers?)?

    /// The handlers of `user` (`nil` if they never subscribed), remembering them for the next lookups.
    mutating func handlers(of user: UserID) -> Handlers? {
        if let recent, recent.user == user { return recent.handlers }
        if let older, older.user == user {
            swap(&self.recent, &self.older)
            return older.handlers
        }
        let handlers = all[user]
        older = recent
        recent = (user, handlers)
        return handlers
    }

    /// The handlers of `user`, without remembering them (for reads that cannot change the table).
    subscript(user: UserID) -> Handlers? { all[user] }

    /// Adds a handler of `user` under `id`.
    mutating func add(_ handler: @escaping ChatServerState.Subscriber, of user: UserID, id: UInt64) {
        forget()
        all[user, default: [:]][id] = handler
    }

    /// Removes `user`'s handler `id`, if it is still there.
    mutating func remove(of user: UserID, id: UInt64) {
        forget()
        all[user]?.removeValue(forKey: id)
    }

    private mutating func forget() {
        recent = nil
        older = nil
    }
}
