import Foundation
import Models
import Services

/// Everything that belongs to one signed-in user: created at sign-in, released at sign-out.
///
/// Session-scoped contexts and flows take what they need from here; nothing in it outlives the
/// session, which tests prove with weak references.
@MainActor
public final class SessionScope {
    /// The signed-in user.
    public let user: User
    /// Runs authorised requests and keeps the tokens fresh.
    public let authorizer: RequestAuthorizer
    /// The services of the app, for session-scoped contexts.
    public let services: AppServices
    /// What the deck's swipe queue holds, told to the chat: a message to a new match waits for the
    /// swipe that made it.
    public let pendingSwipes = PendingSwipes()
    /// The session's clock: the contexts made here set their timers through it, so a timer left
    /// after the session ended is found (``SessionScheduler``).
    public let scheduler: SessionScheduler

    /// Creates a scope.
    public init(user: User, authorizer: RequestAuthorizer, services: AppServices) {
        self.user = user
        self.authorizer = authorizer
        self.services = services
        scheduler = SessionScheduler(base: services.scheduler)
    }

    /// Makes the context that edits the user's profile.
    public func makeProfileSetupContext() -> ProfileSetupContext {
        ProfileSetupContext(authorizer: authorizer, profiles: services.profiles)
    }

    /// Makes the deck, with its swipe queue in the user's data store (memory only, and the error
    /// reported, if the store cannot be opened).
    public func makeDeckContext() -> DeckContext {
        var queue: (any QueueStore<Swipe>)?
        var failure: StoreError?
        do throws(StoreError) {
            queue = try services.userData.swipeQueue(for: user.id)
        } catch {
            failure = error
        }
        let deck = DeckContext(
            viewer: user.id, authorizer: authorizer, discovery: services.discovery,
            scheduler: scheduler, ids: services.ids, queueStore: queue, network: services.network,
            pendingSwipes: pendingSwipes)
        if let failure { deck.store.report(failure) }
        return deck
    }

    /// Makes the chat, with its outbox and its queue of reads, unmatches and blocks in the user's data
    /// store (memory only, and the error reported, if the store cannot be opened).
    public func makeChatContext() -> ChatContext {
        var outbox: (any QueueStore<OutgoingMessage>)?
        var actions: (any QueueStore<ChatAction>)?
        var failure: StoreError?
        do throws(StoreError) {
            outbox = try services.userData.outbox(for: user.id)
            actions = try services.userData.chatActions(for: user.id)
        } catch {
            failure = error
        }
        let chat = ChatContext(
            viewer: user.id, authorizer: authorizer, chat: services.chat, scheduler: scheduler,
            ids: services.ids, outboxStore: outbox, actionStore: actions, network: services.network,
            pendingSwipes: pendingSwipes)
        if let failure { chat.store.report(failure) }
        return chat
    }

    /// Makes the editor of who the user looks for.
    public func makePreferencesContext(current: SearchPreferences) -> PreferencesContext {
        PreferencesContext(current: current, authorizer: authorizer, discovery: services.discovery)
    }

    /// Makes a context that shows someone's profile.
    public func makeProfileViewerContext(for user: UserID) -> ProfileViewerContext {
        ProfileViewerContext(user: user, authorizer: authorizer, profiles: services.profiles)
    }
}
