import Foundation
import Models

extension ChatServerState {
    /// One conversation: its messages, and each of its two people's receipts and unread count.
    struct Conversation: Codable, Equatable {
        /// One person's receipts and unread count.
        struct Receipts: Codable, Equatable {
            /// Whose they are.
            let user: UserID
            /// Read up to, if they read anything.
            var readUpTo: Date?
            /// Delivered up to, if anything reached them.
            var deliveredUpTo: Date?
            /// How many messages they have not read, kept up to date as messages come and go.
            var unread = 0
        }

        /// Messages, oldest first (the server's order: time, then id).
        var messages: [Message] = []
        /// Each person's receipts, in the order they first had any; nobody appears twice.
        private(set) var receipts: [Receipts] = []

        /// Up to when `user` read the conversation, if they read anything.
        func readUpTo(of user: UserID) -> Date? { position(of: user).map { receipts[$0].readUpTo } ?? nil }

        /// Up to when the conversation reached `user`, if anything did.
        func deliveredUpTo(of user: UserID) -> Date? {
            position(of: user).map { receipts[$0].deliveredUpTo } ?? nil
        }

        /// How many messages `user` has not read.
        func unread(of user: UserID) -> Int { position(of: user).map { receipts[$0].unread } ?? 0 }

        /// Changes `user`'s receipts (a fresh record, if they had none) with `change`.
        mutating func update<Result>(_ user: UserID, _ change: (inout Receipts) -> Result) -> Result {
            if let index = position(of: user) { return change(&receipts[index]) }
            receipts.append(Receipts(user: user))
            return change(&receipts[receipts.count - 1])
        }

        private func position(of user: UserID) -> Int? {
            for index in receipts.indices where receipts[index].user == user { return index }
            return nil
        }
    }
}
