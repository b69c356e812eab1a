import Contexts
import EmbeddedBackend
import Foundation
import GenericScreens
import Models
import Services
import Testing

/// Everything the chat and an open conversation decide with is in their stores: a context made from
/// a copy of another's state, over a twin backend, publishes what the original publishes for the
/// same inputs, from then on (as many states after each input, ending on the same one: timers due
/// at the same instant may run in another order in a copy, see ``Published/endsAlike(_:)``).
@MainActor
@Suite struct ChatStateCopyTests {
    static let people: [UserID] = ["bob", "carol", "dave"]

    /// Alice matched with bob, carol and dave; bob wrote first.
    func world() throws -> TwinWorld {
        let world = try TwinWorld(configuration: EmbeddedServerConfiguration(candidatePoolSize: 0))
        for person in Self.people {
            world.backend.server.like(from: "alice", to: person)
            world.backend.server.like(from: person, to: "alice")
        }
        try world.backend.server.sendMessage(from: "bob", to: "alice", "hi alice")
        return world
    }

    /// A chat of alice on `world` (its outbox in the world's user data), made from `state` if given.
    func chat(on world: TwinWorld, state: ChatState? = nil) throws -> ChatContext {
        ChatContext(
            viewer: "alice", authorizer: world.authorizer, chat: world.services.chat,
            scheduler: world.services.scheduler, ids: world.services.ids,
            outboxStore: try world.services.userData.outbox(for: "alice"), network: world.services.network,
            state: state ?? ChatState())
    }

    @Test(arguments: 1...10)
    func aChatMadeFromACopyOfItsState_publishesWhatTheOriginalPublishes(seed: Int) throws {
        let worlds = [try world(), try world()]
        try expectCopiesPublishAlike(
            seed: seed, steps: 80, worlds: worlds, strict: false,
            make: { index, state in try chat(on: worlds[index], state: state) },
            input: { random in (random.next(18), Self.people[random.next(Self.people.count)]) },
            apply: { input, chat, world, step in
                apply(input.0, person: input.1, to: chat, on: world, step: step)
            })
    }

    @Test(arguments: 1...10)
    func aConversationMadeFromACopyOfItsState_publishesWhatTheOriginalPublishes(seed: Int) throws {
        let worlds = [try world(), try world()]
        let chats = [try chat(on: worlds[0]), try chat(on: worlds[1])]
        for (chat, world) in zip(chats, worlds) {
            chat.start()
            world.settle()
        }
        let conversation = Match.id(between: "alice", and: "bob")
        try expectCopiesPublishAlike(
            seed: seed, steps: 80, worlds: worlds, strict: false,
            make: { index, state in
                try #require(
                    ConversationContext(conversation: conversation, chat: chats[index], state: state))
            },
            input: { random in random.next(14) },
            apply: { input, context, world, step in apply(input, to: context, on: world, step: step) })
    }

    /// One input of the chat, of the other side, of the network or of the clock.
    func apply(_ input: Int, person: UserID, to chat: ChatContext, on world: TwinWorld, step: Int) {
        let conversation = Match.id(between: "alice", and: person)
        let server = world.backend.server
        switch input {
        case 0, 1: chat.start()
        case 2, 3: _ = chat.send("Message \(step)", to: conversation)
        case 4: chat.opened(conversation)
        case 5: chat.closed(conversation)
        case 6: chat.loadHistory(of: conversation, older: step.isMultiple(of: 2))
        case 7: chat.retryFailed(in: conversation)
        case 8: chat.deleteFailed(in: conversation)
        case 9: chat.reloadList()
        case 10: _ = try? server.sendMessage(from: person, to: "alice", "From \(person) \(step)")
        case 11: server.markRead(by: person, with: "alice")
        case 12: server.setTyping(by: person, with: "alice", isTyping: true)
        case 13: server.isNetworkDown.toggle()
        case 14: world.backend.scheduler.advance(by: .seconds(3 + step % 40))
        case 15:
            server.failNextRequest(
                with: .server("boom"), on: step.isMultiple(of: 2) ? .sendMessage : .fetchConversations)
        case 16 where step > 60: chat.unmatch(conversation, block: false)
        default: server.like(from: person, to: "alice")
        }
    }

    /// One input of an open conversation, of the other side, of the network or of the clock.
    func apply(_ input: Int, to context: ConversationContext, on world: TwinWorld, step: Int) {
        let server = world.backend.server
        switch input {
        case 0, 1: context.open()
        case 2, 3: context.draftChanged("Typing \(step)")
        case 4: context.send()
        case 5: context.loadOlder()
        case 6: context.retryFailed()
        case 7: context.deleteFailed()
        case 8: context.close()
        case 9: _ = try? server.sendMessage(from: "bob", to: "alice", "From bob \(step)")
        case 10: server.setTyping(by: "bob", with: "alice", isTyping: step.isMultiple(of: 3))
        case 11: server.isNetworkDown.toggle()
        case 12: world.backend.scheduler.advance(by: .seconds(1 + step % 9))
        default:
            if step > 70 { context.unmatch(block: false) } else { server.markRead(by: "bob", with: "alice") }
        }
    }
}
