import Foundation
import Models

/// Where a published row sits: its section and the date it is sorted by.
struct RowKey: Equatable {
    let isConversation: Bool
    let date: Date

    init(_ summary: ConversationSummary) {
        if let sentAt = summary.lastMessage?.sentAt {
            isConversation = true
            date = sentAt
        } else {
            isConversation = false
            // With no message, the last activity is the match's date, read in its box (`match`
            // would copy the whole match out).
            date = summary.lastActivity
        }
    }
}
