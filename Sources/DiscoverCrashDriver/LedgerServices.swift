import Foundation
import Models
import Services

/// The embedded chat service with the ``Ledger`` recording what its sends take and the failures they
/// answer.
struct LedgerChatService: ChatService {
    let base: any ChatService
    let ledger: Ledger

    func fetchConversations(
        accessToken: String, completion: @escaping ServiceCompletion<[ConversationSummary]>
    ) {
        base.fetchConversations(accessToken: accessToken, completion: completion)
    }

    func fetchMessages(
        conversation: String, before cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<MessagePage>
    ) {
        base.fetchMessages(
            conversation: conversation, before: cursor, limit: limit, accessToken: accessToken,
            completion: completion)
    }

    func sendMessage(
        _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>
    ) {
        base.sendMessage(message, accessToken: accessToken) { [ledger] result in
            if case .failure(let error) = result { ledger.failed(message.id, error) }
            completion(result)
        }
        MainActor.assumeIsolated {
            ledger.took(Ledger.Record(kind: "message", id: message.id, message: message))
        }
    }

    func markRead(conversation: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        base.markRead(conversation: conversation, accessToken: accessToken, completion: completion)
    }

    func setTyping(
        conversation: String, isTyping: Bool, accessToken: String,
        completion: @escaping ServiceCompletion<Void>
    ) {
        base.setTyping(
            conversation: conversation, isTyping: isTyping, accessToken: accessToken, completion: completion)
    }

    func unmatch(
        conversation: String, block: Bool, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        base.unmatch(
            conversation: conversation, block: block, accessToken: accessToken, completion: completion)
    }

    func subscribe(accessToken: String, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void)
        -> ScheduledTask
    {
        base.subscribe(accessToken: accessToken, onEvent: onEvent)
    }

    func subscribe(
        accessToken: String, renewal: AccessTokenRenewal?,
        onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void
    ) -> ScheduledTask {
        base.subscribe(accessToken: accessToken, renewal: renewal, onEvent: onEvent)
    }
}

/// The embedded discovery service with the ``Ledger`` recording its swipes (as ``LedgerChatService``
/// does messages).
struct LedgerDiscoveryService: DiscoveryService {
    let base: any DiscoveryService
    let ledger: Ledger

    func fetchCandidates(
        cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>
    ) {
        base.fetchCandidates(cursor: cursor, limit: limit, accessToken: accessToken, completion: completion)
    }

    func sendSwipe(_ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>)
    {
        base.sendSwipe(swipe, accessToken: accessToken) { [ledger] result in
            if case .failure(let error) = result { ledger.failed(swipe.id, error) }
            completion(result)
        }
        MainActor.assumeIsolated { ledger.took(Ledger.Record(kind: "swipe", id: swipe.id, swipe: swipe)) }
    }

    func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
        base.undoSwipe(id: id, accessToken: accessToken, completion: completion)
    }

    func savePreferences(
        _ preferences: SearchPreferences, accessToken: String, completion: @escaping ServiceCompletion<Void>
    ) {
        base.savePreferences(preferences, accessToken: accessToken, completion: completion)
    }
}
