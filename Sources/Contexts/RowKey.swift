import Foundation
import Models

/// Where a published row sits: its section and the date it is sorted by.
struct RowKey: Equatable {
    let isConversation: Bool
    let date: Date

    init(_ summary: ConversationSummary) {
        // Not `summary.lastMessage?.sentAt`: an optional message read out of a summary is copied and
        // destroyed through generic value witnesses. The last activity is the last message's time, or
        // (with none) the match's date, read in its box.
        isConversation = summary.hasLastMessage
        date = summary.lastActivity
    }
}
