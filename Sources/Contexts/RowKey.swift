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
            date = summary.match.matchedAt
        }
    }
}
