import Models
import Services
import Synchronization

/// The requests a journey sends to its services, kept in order with their arguments and answers.
///
/// ``wrap(_:)`` puts recording services in front of a journey's. Each request becomes a
/// ``Request`` that sends it again to other services; the answer the journey got is kept as text, by
/// the request's position. ``ServerReplay`` sends the requests again to a server prepared the same way:
/// the server's share of the journey, which no client can take off the end-to-end figure.
final class RequestRecorder: Sendable {
    /// A request sent again: to `services`, with its answer handed to `replay` under `index`.
    typealias Request =
        @MainActor @Sendable (_ services: AppServices, _ replay: ReplayRun, _ index: Int) -> Void

    private struct Log {
        var requests: [Request] = []
        var answers: [String?] = []
        var events = 0
    }

    private let log = Mutex(Log())

    /// The requests so far, in the order they were sent (a subscription's end is one too).
    var requests: [Request] { log.withLock { $0.requests } }
    /// The answer to each request, as text; `nil` where none came.
    var answers: [String?] { log.withLock { $0.answers } }
    /// How many live-feed events the journey heard.
    var events: Int { log.withLock { $0.events } }

    /// Services that record each request in this recorder and pass it on to `services`.
    func wrap(_ services: AppServices) -> AppServices {
        var wrapped = services
        wrapped.auth = Auth(inner: services.auth, recorder: self)
        wrapped.profiles = Profiles(inner: services.profiles, recorder: self)
        wrapped.discovery = Discovery(inner: services.discovery, recorder: self)
        wrapped.chat = Chat(inner: services.chat, recorder: self)
        return wrapped
    }

    /// Keeps `request`; returns its position.
    fileprivate func add(_ request: @escaping Request) -> Int {
        log.withLock { log in
            log.requests.append(request)
            log.answers.append(nil)
            return log.requests.count - 1
        }
    }

    /// Passes the answer to request `index` on to `completion`, keeping it as text.
    fileprivate func answering<Value>(_ index: Int, _ completion: @escaping ServiceCompletion<Value>)
        -> ServiceCompletion<Value>
    {
        { [self] result in
            let text = String(describing: result)
            log.withLock { $0.answers[index] = text }
            completion(result)
        }
    }

    fileprivate func heard() { log.withLock { $0.events += 1 } }

    private struct Auth: AuthService {
        let inner: any AuthService
        let recorder: RequestRecorder

        func signIn(_ credentials: Credentials, completion: @escaping ServiceCompletion<AuthSession>) {
            let index = recorder.add { services, replay, index in
                services.auth.signIn(credentials, completion: replay.answer(index))
            }
            inner.signIn(credentials, completion: recorder.answering(index, completion))
        }

        func signUp(_ request: SignUpRequest, completion: @escaping ServiceCompletion<AuthSession>) {
            let index = recorder.add { services, replay, index in
                services.auth.signUp(request, completion: replay.answer(index))
            }
            inner.signUp(request, completion: recorder.answering(index, completion))
        }

        func validate(accessToken: String, completion: @escaping ServiceCompletion<User>) {
            let index = recorder.add { services, replay, index in
                services.auth.validate(accessToken: accessToken, completion: replay.answer(index))
            }
            inner.validate(accessToken: accessToken, completion: recorder.answering(index, completion))
        }

        func refresh(refreshToken: String, completion: @escaping ServiceCompletion<AuthTokens>) {
            let index = recorder.add { services, replay, index in
                services.auth.refresh(refreshToken: refreshToken, completion: replay.answer(index))
            }
            inner.refresh(refreshToken: refreshToken, completion: recorder.answering(index, completion))
        }

        func signOut(accessToken: String, completion: @escaping ServiceCompletion<Void>) {
            let index = recorder.add { services, replay, index in
                services.auth.signOut(accessToken: accessToken, completion: replay.answer(index))
            }
            inner.signOut(accessToken: accessToken, completion: recorder.answering(index, completion))
        }
    }

    private struct Profiles: ProfileService {
        let inner: any ProfileService
        let recorder: RequestRecorder

        func saveProfile(
            _ profile: Profile, accessToken: String, completion: @escaping ServiceCompletion<User>
        ) {
            let index = recorder.add { services, replay, index in
                services.profiles.saveProfile(
                    profile, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.saveProfile(
                profile, accessToken: accessToken, completion: recorder.answering(index, completion))
        }

        func fetchProfile(
            of user: UserID, accessToken: String, completion: @escaping ServiceCompletion<PublicProfile>
        ) {
            let index = recorder.add { services, replay, index in
                services.profiles.fetchProfile(
                    of: user, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.fetchProfile(
                of: user, accessToken: accessToken, completion: recorder.answering(index, completion))
        }
    }

    private struct Discovery: DiscoveryService {
        let inner: any DiscoveryService
        let recorder: RequestRecorder

        func fetchCandidates(
            cursor: String?, limit: Int, accessToken: String,
            completion: @escaping ServiceCompletion<DiscoveryPage>
        ) {
            let index = recorder.add { services, replay, index in
                services.discovery.fetchCandidates(
                    cursor: cursor, limit: limit, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.fetchCandidates(
                cursor: cursor, limit: limit, accessToken: accessToken,
                completion: recorder.answering(index, completion))
        }

        func sendSwipe(
            _ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>
        ) {
            let index = recorder.add { services, replay, index in
                services.discovery.sendSwipe(
                    swipe, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.sendSwipe(
                swipe, accessToken: accessToken, completion: recorder.answering(index, completion))
        }

        func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>) {
            let index = recorder.add { services, replay, index in
                services.discovery.undoSwipe(
                    id: id, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.undoSwipe(
                id: id, accessToken: accessToken, completion: recorder.answering(index, completion))
        }

        func savePreferences(
            _ preferences: SearchPreferences, accessToken: String,
            completion: @escaping ServiceCompletion<Void>
        ) {
            let index = recorder.add { services, replay, index in
                services.discovery.savePreferences(
                    preferences, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.savePreferences(
                preferences, accessToken: accessToken, completion: recorder.answering(index, completion))
        }
    }

    private struct Chat: ChatService {
        let inner: any ChatService
        let recorder: RequestRecorder

        func fetchConversations(
            accessToken: String, completion: @escaping ServiceCompletion<[ConversationSummary]>
        ) {
            let index = recorder.add { services, replay, index in
                services.chat.fetchConversations(accessToken: accessToken, completion: replay.answer(index))
            }
            inner.fetchConversations(
                accessToken: accessToken, completion: recorder.answering(index, completion))
        }

        func fetchMessages(
            conversation: String, before cursor: String?, limit: Int, accessToken: String,
            completion: @escaping ServiceCompletion<MessagePage>
        ) {
            let index = recorder.add { services, replay, index in
                services.chat.fetchMessages(
                    conversation: conversation, before: cursor, limit: limit, accessToken: accessToken,
                    completion: replay.answer(index))
            }
            inner.fetchMessages(
                conversation: conversation, before: cursor, limit: limit, accessToken: accessToken,
                completion: recorder.answering(index, completion))
        }

        func sendMessage(
            _ message: OutgoingMessage, accessToken: String, completion: @escaping ServiceCompletion<Message>
        ) {
            let index = recorder.add { services, replay, index in
                services.chat.sendMessage(message, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.sendMessage(
                message, accessToken: accessToken, completion: recorder.answering(index, completion))
        }

        func markRead(
            conversation: String, accessToken: String, completion: @escaping ServiceCompletion<Void>
        ) {
            let index = recorder.add { services, replay, index in
                services.chat.markRead(
                    conversation: conversation, accessToken: accessToken, completion: replay.answer(index))
            }
            inner.markRead(
                conversation: conversation, accessToken: accessToken,
                completion: recorder.answering(index, completion))
        }

        func setTyping(
            conversation: String, isTyping: Bool, accessToken: String,
            completion: @escaping ServiceCompletion<Void>
        ) {
            let index = recorder.add { services, replay, index in
                services.chat.setTyping(
                    conversation: conversation, isTyping: isTyping, accessToken: accessToken,
                    completion: replay.answer(index))
            }
            inner.setTyping(
                conversation: conversation, isTyping: isTyping, accessToken: accessToken,
                completion: recorder.answering(index, completion))
        }

        func unmatch(
            conversation: String, block: Bool, accessToken: String,
            completion: @escaping ServiceCompletion<Void>
        ) {
            let index = recorder.add { services, replay, index in
                services.chat.unmatch(
                    conversation: conversation, block: block, accessToken: accessToken,
                    completion: replay.answer(index))
            }
            inner.unmatch(
                conversation: conversation, block: block, accessToken: accessToken,
                completion: recorder.answering(index, completion))
        }

        func subscribe(
            accessToken: String, onEvent: @escaping @MainActor @Sendable (ChatEvent) -> Void
        ) -> ScheduledTask {
            let index = recorder.add { services, replay, index in
                replay.subscriptions[index] = services.chat.subscribe(accessToken: accessToken) { _ in
                    replay.events += 1
                }
            }
            let recorder = recorder
            let task = inner.subscribe(accessToken: accessToken) { event in
                recorder.heard()
                onEvent(event)
            }
            return ScheduledTask {
                _ = recorder.add { _, replay, _ in replay.subscriptions[index]?.cancel() }
                task.cancel()
            }
        }
    }
}
