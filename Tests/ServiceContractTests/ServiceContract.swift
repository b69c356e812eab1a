import Foundation
import Interactors
import Models
import Services
import Testing

/// The behaviour every backend's services must share, written once and run on each backend.
enum ContractCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case signUpThenSignInAnswerTheSameUser
    case signUpWithATakenUsernameIsAccountExists
    case signInWithAWrongPasswordIsInvalidCredentials
    case validateAnswersTheOwnerAndSignOutRevokesTheToken
    case refreshAnswersTokensThatWork
    case aSpentRefreshTokenIsRefusedAsTheSessionEnding
    case aSavedProfileIsWhatOthersRead
    case fetchProfileOfSomeoneUnknownIsNotFound
    case candidatesAreOthersWithinPreferencesAndASwipedOneDoesNotComeBack
    case aSwipeSentTwiceIsAppliedOnce
    case savedPreferencesNarrowTheCandidates
    case onlyAPassCanBeUndone
    case aLikeShowsAsLikedYouAndALikeBackIsAMatchOnBothSides
    case aMessageSentTwiceWithOneTransactionIDIsOneMessage
    case historyPagesNewestFirstWithoutGapsOrRepeats
    case theLiveFeedBringsMessagesReadReceiptsAndTyping
    case unmatchEndsTheConversationForBothSides

    var testDescription: String { rawValue }
}

/// The contract's cases.
@MainActor
struct ServiceContract {
    let harness: any ContractHarness

    /// One person's device: services and the session signed in on them.
    struct Person {
        let services: AppServices
        let session: AuthSession
        var id: UserID { session.user.id }
        var token: String { session.tokens.accessToken }
    }

    func run(_ contractCase: ContractCase) throws {
        switch contractCase {
        case .signUpThenSignInAnswerTheSameUser: try signUpThenSignIn()
        case .signUpWithATakenUsernameIsAccountExists: try takenUsername()
        case .signInWithAWrongPasswordIsInvalidCredentials: try wrongPassword()
        case .validateAnswersTheOwnerAndSignOutRevokesTheToken: try validateAndSignOut()
        case .refreshAnswersTokensThatWork: try refresh()
        case .aSpentRefreshTokenIsRefusedAsTheSessionEnding: try spentRefresh()
        case .aSavedProfileIsWhatOthersRead: try savedProfile()
        case .fetchProfileOfSomeoneUnknownIsNotFound: try unknownProfile()
        case .candidatesAreOthersWithinPreferencesAndASwipedOneDoesNotComeBack: try candidates()
        case .aSwipeSentTwiceIsAppliedOnce: try swipeTwice()
        case .savedPreferencesNarrowTheCandidates: try preferences()
        case .onlyAPassCanBeUndone: try undo()
        case .aLikeShowsAsLikedYouAndALikeBackIsAMatchOnBothSides: try likeAndMatch()
        case .aMessageSentTwiceWithOneTransactionIDIsOneMessage: try messageTwice()
        case .historyPagesNewestFirstWithoutGapsOrRepeats: try history()
        case .theLiveFeedBringsMessagesReadReceiptsAndTyping: try liveFeed()
        case .unmatchEndsTheConversationForBothSides: try unmatch()
        }
    }

    // MARK: Accounts

    private func signUpThenSignIn() throws {
        let services = harness.device()
        let born = try #require(CalendarMath.parseDay("1996-04-12"))
        let created = try signUp(services, "alice", name: "Alice", born: born)
        #expect(created.isNewAccount)
        #expect(created.user.displayName == "Alice")
        #expect(created.user.username == "alice")
        #expect(created.user.birthDate == born)
        #expect(!created.user.hasProfile)
        let signedIn = try harness.value {
            services.auth.signIn(Credentials(identifier: "alice", password: "correct horse"), completion: $0)
        }
        #expect(!signedIn.isNewAccount)
        #expect(signedIn.user == created.user)
        #expect(signedIn.tokens.accessToken != created.tokens.accessToken)
    }

    private func takenUsername() throws {
        let services = harness.device()
        _ = try signUp(services, "alice")
        let again = harness.call {
            services.auth.signUp(request("alice"), completion: $0)
        }
        #expect(again.failure == .accountExists)
    }

    private func wrongPassword() throws {
        let services = harness.device()
        _ = try signUp(services, "alice")
        let result = harness.call {
            services.auth.signIn(
                Credentials(identifier: "alice", password: "not the password"), completion: $0)
        }
        #expect(result.failure == .invalidCredentials)
        let nobody = harness.call {
            services.auth.signIn(Credentials(identifier: "nobody", password: "whatever123"), completion: $0)
        }
        #expect(nobody.failure == .invalidCredentials)
    }

    private func validateAndSignOut() throws {
        let alice = try person("alice")
        let user = try harness.value {
            alice.services.auth.validate(accessToken: alice.token, completion: $0)
        }
        #expect(user.id == alice.id)
        #expect(user.username == "alice")
        #expect(user.hasProfile)
        try harness.value { alice.services.auth.signOut(accessToken: alice.token, completion: $0) }
        let after = harness.call { alice.services.auth.validate(accessToken: alice.token, completion: $0) }
        #expect(after.failure == .tokenRevoked)
    }

    private func refresh() throws {
        let alice = try person("alice")
        let refreshToken = try #require(alice.session.tokens.refreshToken)
        let tokens = try harness.value {
            alice.services.auth.refresh(refreshToken: refreshToken, completion: $0)
        }
        #expect(tokens.accessToken != alice.token)
        #expect(tokens.refreshToken != nil)
        let user = try harness.value {
            alice.services.auth.validate(accessToken: tokens.accessToken, completion: $0)
        }
        #expect(user.id == alice.id)
    }

    /// A refresh token traded for new tokens, which were then used, is refused; the refusal means the
    /// session ended (never a failure for now), so a client that sent it knows to ask for a login.
    private func spentRefresh() throws {
        let alice = try person("alice")
        let spent = try #require(alice.session.tokens.refreshToken)
        let tokens = try harness.value { alice.services.auth.refresh(refreshToken: spent, completion: $0) }
        _ = try harness.value {
            alice.services.auth.validate(accessToken: tokens.accessToken, completion: $0)
        }
        let again = harness.call { alice.services.auth.refresh(refreshToken: spent, completion: $0) }
        let error = try #require(again.failure)
        #expect(RefreshFailurePolicy.verdict(on: error) != .transient)
    }

    // MARK: Profiles and candidates

    private func savedProfile() throws {
        let born = try #require(CalendarMath.parseDay("1994-09-03"))
        let bob = try person("bob", born: born, bio: "Builds things.", interests: ["Cooking", "Dogs"])
        #expect(bob.session.user.hasProfile == false)
        let alice = try person("alice")
        let read = try harness.value {
            alice.services.profiles.fetchProfile(of: bob.id, accessToken: alice.token, completion: $0)
        }
        #expect(read.id == bob.id)
        #expect(read.displayName == "Bob")
        #expect(read.age == CalendarMath.age(bornOn: born, at: harness.now))
        #expect(read.profile.bio == "Builds things.")
        #expect(read.profile.interests == [Interest("Cooking"), Interest("Dogs")])
        let again = try harness.value {
            bob.services.auth.validate(accessToken: bob.token, completion: $0)
        }
        #expect(again.hasProfile)
    }

    private func unknownProfile() throws {
        let alice = try person("alice")
        let other = UserID(alice.id.rawValue.replacingOccurrences(of: "alice", with: "nobody"))
        let result = harness.call {
            alice.services.profiles.fetchProfile(of: other, accessToken: alice.token, completion: $0)
        }
        #expect(result.failure == .notFound)
    }

    private func candidates() throws {
        let alice = try person("alice")
        let bob = try person("bob", born: CalendarMath.parseDay("1994-09-03"))
        _ = try person("old", born: CalendarMath.parseDay("1950-01-01"))
        let page = try candidatesPage(alice)
        #expect(page.candidates.map(\.id) == [bob.id])
        #expect(page.candidates.first?.distanceKm == 0)
        #expect(page.candidates.first?.likedYou == false)
        #expect(page.preferences == .default)
        #expect(page.allowance.likesRemaining == page.allowance.dailyLikes)
        let pass = swipe(bob.id, .pass)
        #expect(
            try harness.value {
                alice.services.discovery.sendSwipe(pass, accessToken: alice.token, completion: $0)
            } == .recorded)
        #expect(try candidatesPage(alice).candidates.isEmpty)
        // The pass holds on every device of the viewer's.
        let otherDevice = harness.device()
        let again = try harness.value {
            otherDevice.auth.signIn(
                Credentials(identifier: "alice", password: "correct horse"), completion: $0)
        }
        let elsewhere = try candidatesPage(Person(services: otherDevice, session: again))
        #expect(elsewhere.candidates.isEmpty)
    }

    private func swipeTwice() throws {
        let alice = try person("alice")
        let bob = try person("bob")
        let like = swipe(bob.id, .like)
        let first = try harness.value {
            alice.services.discovery.sendSwipe(like, accessToken: alice.token, completion: $0)
        }
        let second = try harness.value {
            alice.services.discovery.sendSwipe(like, accessToken: alice.token, completion: $0)
        }
        #expect(first == .recorded)
        #expect(second == .recorded)
        let page = try candidatesPage(alice)
        #expect(page.allowance.likesRemaining == page.allowance.dailyLikes - 1)
    }

    private func preferences() throws {
        let alice = try person("alice")
        let young = try person("young", born: CalendarMath.parseDay("2004-02-02"))
        _ = try person("older", born: CalendarMath.parseDay("1990-06-30"))
        let narrow = SearchPreferences(minimumAge: 18, maximumAge: 25, maximumDistanceKm: 50)
        try harness.value {
            alice.services.discovery.savePreferences(narrow, accessToken: alice.token, completion: $0)
        }
        let page = try candidatesPage(alice)
        #expect(page.candidates.map(\.id) == [young.id])
        #expect(page.preferences == narrow)
    }

    private func undo() throws {
        let alice = try person("alice")
        let bob = try person("bob")
        let carol = try person("carol")
        let pass = swipe(bob.id, .pass)
        let like = swipe(carol.id, .like)
        _ = try harness.value {
            alice.services.discovery.sendSwipe(pass, accessToken: alice.token, completion: $0)
        }
        _ = try harness.value {
            alice.services.discovery.sendSwipe(like, accessToken: alice.token, completion: $0)
        }
        #expect(try candidatesPage(alice).candidates.isEmpty)
        try harness.value {
            alice.services.discovery.undoSwipe(id: pass.id, accessToken: alice.token, completion: $0)
        }
        #expect(try candidatesPage(alice).candidates.map(\.id) == [bob.id])
        let refused = harness.call {
            alice.services.discovery.undoSwipe(id: like.id, accessToken: alice.token, completion: $0)
        }
        guard case .failure(.rejected) = refused else {
            Issue.record("undoing a like answered \(refused)")
            return
        }
    }

    // MARK: Matches and chat

    private func likeAndMatch() throws {
        let alice = try person("alice")
        let bob = try person("bob")
        var aliceEvents: [ChatEvent] = []
        let feed = alice.services.chat.subscribe(accessToken: alice.token) { aliceEvents.append($0) }
        defer { feed.cancel() }
        #expect(harness.wait { harness.feedIsLive(for: alice.id) })
        _ = try harness.value {
            alice.services.discovery.sendSwipe(
                swipe(bob.id, .superLike), accessToken: alice.token, completion: $0)
        }
        let bobsPage = try candidatesPage(bob)
        #expect(bobsPage.candidates.map(\.id) == [alice.id])
        #expect(bobsPage.candidates.first?.likedYou == true)
        #expect(bobsPage.candidates.first?.superLikedYou == true)
        let outcome = try harness.value {
            bob.services.discovery.sendSwipe(swipe(alice.id, .like), accessToken: bob.token, completion: $0)
        }
        let conversation = Match.id(between: alice.id, and: bob.id)
        guard case .matched(let match) = outcome else {
            Issue.record("liking back answered \(outcome)")
            return
        }
        #expect(match.id == conversation)
        #expect(match.user == alice.id)
        #expect(
            harness.wait {
                aliceEvents.contains {
                    if case .matched(let m) = $0 { m.id == conversation && m.user == bob.id } else { false }
                }
            })
        for person in [alice, bob] {
            let list = try harness.value {
                person.services.chat.fetchConversations(accessToken: person.token, completion: $0)
            }
            #expect(list.map(\.id) == [conversation])
            #expect(list.first?.unreadCount == 0)
            #expect(list.first?.lastMessage == nil)
        }
        #expect(try candidatesPage(alice).candidates.isEmpty)
        #expect(try candidatesPage(bob).candidates.isEmpty)
    }

    private func messageTwice() throws {
        let (alice, bob, conversation) = try matchedPair()
        let message = OutgoingMessage(
            id: "tx-\(UUID().uuidString)", conversation: conversation, text: "Hi Bob", createdAt: harness.now)
        let first = try harness.value {
            alice.services.chat.sendMessage(message, accessToken: alice.token, completion: $0)
        }
        let second = try harness.value {
            alice.services.chat.sendMessage(message, accessToken: alice.token, completion: $0)
        }
        #expect(first.id == second.id)
        #expect(first.transactionID == message.id)
        #expect(first.sender == alice.id)
        #expect(first.status == .sent)
        let page = try harness.value {
            bob.services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 50, accessToken: bob.token, completion: $0)
        }
        #expect(page.messages.map(\.text) == ["Hi Bob"])
        #expect(page.messages.first?.id == first.id)
        let bobsList = try harness.value {
            bob.services.chat.fetchConversations(accessToken: bob.token, completion: $0)
        }
        #expect(bobsList.first?.lastMessage?.text == "Hi Bob")
        #expect(bobsList.first?.unreadCount == 1)
    }

    private func history() throws {
        let (alice, bob, conversation) = try matchedPair()
        for index in 1...5 {
            try send(alice, "message \(index)", in: conversation)
        }
        var texts: [String] = []
        var cursor: String?
        for _ in 0..<10 {
            let page = try harness.value {
                bob.services.chat.fetchMessages(
                    conversation: conversation, before: cursor, limit: 2, accessToken: bob.token,
                    completion: $0)
            }
            #expect(page.messages.count <= 2)
            texts += page.messages.map(\.text)
            cursor = page.olderCursor
            if cursor == nil { break }
        }
        #expect(texts == (1...5).reversed().map { "message \($0)" })
        #expect(cursor == nil)
    }

    private func liveFeed() throws {
        let (alice, bob, conversation) = try matchedPair()
        var aliceEvents: [ChatEvent] = []
        var bobEvents: [ChatEvent] = []
        let aliceFeed = alice.services.chat.subscribe(accessToken: alice.token) { aliceEvents.append($0) }
        let bobFeed = bob.services.chat.subscribe(accessToken: bob.token) { bobEvents.append($0) }
        defer {
            aliceFeed.cancel()
            bobFeed.cancel()
        }
        // A feed hears what happens after it is live: sending before that raced the first sync.
        #expect(harness.wait { harness.feedIsLive(for: alice.id) && harness.feedIsLive(for: bob.id) })
        let sent = try send(alice, "Are you there?", in: conversation)
        #expect(
            harness.wait {
                bobEvents.contains {
                    if case .messageReceived(let message) = $0 {
                        message.id == sent.id && message.text == sent.text && message.sender == alice.id
                            && message.conversation == conversation
                    } else {
                        false
                    }
                }
            })
        try harness.value {
            bob.services.chat.markRead(conversation: conversation, accessToken: bob.token, completion: $0)
        }
        #expect(
            harness.wait {
                aliceEvents.contains {
                    if case .read(conversation, let upTo) = $0 { upTo >= sent.sentAt } else { false }
                }
            })
        try harness.value {
            bob.services.chat.setTyping(
                conversation: conversation, isTyping: true, accessToken: bob.token, completion: $0)
        }
        #expect(harness.wait { aliceEvents.contains(.typing(conversation: conversation, isTyping: true)) })
        let list = try harness.value {
            bob.services.chat.fetchConversations(accessToken: bob.token, completion: $0)
        }
        #expect(list.first?.unreadCount == 0)
    }

    private func unmatch() throws {
        let (alice, bob, conversation) = try matchedPair()
        var aliceEvents: [ChatEvent] = []
        let feed = alice.services.chat.subscribe(accessToken: alice.token) { aliceEvents.append($0) }
        defer { feed.cancel() }
        #expect(harness.wait { harness.feedIsLive(for: alice.id) })
        try send(alice, "Hello?", in: conversation)
        try harness.value {
            bob.services.chat.unmatch(
                conversation: conversation, block: false, accessToken: bob.token, completion: $0)
        }
        #expect(harness.wait { aliceEvents.contains(.unmatched(conversation: conversation)) })
        for person in [alice, bob] {
            let list = try harness.value {
                person.services.chat.fetchConversations(accessToken: person.token, completion: $0)
            }
            #expect(list.isEmpty)
        }
        let late = harness.call {
            bob.services.chat.fetchMessages(
                conversation: conversation, before: nil, limit: 10, accessToken: bob.token, completion: $0)
        }
        #expect(late.failure != nil)
    }

    // MARK: Helpers

    private func request(_ username: String, name: String? = nil, born: Date? = nil) -> SignUpRequest {
        SignUpRequest(
            username: username, email: nil, password: "correct horse",
            displayName: name ?? username.prefix(1).uppercased() + username.dropFirst(),
            birthDate: born ?? CalendarMath.parseDay("1996-04-12") ?? Date(timeIntervalSince1970: 0))
    }

    private func signUp(_ services: AppServices, _ username: String, name: String? = nil, born: Date? = nil)
        throws
        -> AuthSession
    {
        try harness.value { services.auth.signUp(request(username, name: name, born: born), completion: $0) }
    }

    /// Signs a new person up on a device of their own and publishes a profile (unless `bio` is nil and
    /// `interests` empty, which still publishes an empty one).
    private func person(_ username: String, born: Date? = nil, bio: String = "", interests: [String] = [])
        throws
        -> Person
    {
        let services = harness.device()
        let session = try signUp(services, username, born: born)
        let profile = Profile(bio: bio, interests: interests.map(Interest.init), lookingFor: .default)
        _ = try harness.value {
            services.profiles.saveProfile(profile, accessToken: session.tokens.accessToken, completion: $0)
        }
        return Person(services: services, session: session)
    }

    private func candidatesPage(_ person: Person) throws -> DiscoveryPage {
        try harness.value {
            person.services.discovery.fetchCandidates(
                cursor: nil, limit: 20, accessToken: person.token, completion: $0)
        }
    }

    private func swipe(_ candidate: UserID, _ action: SwipeAction) -> Swipe {
        Swipe(id: "s-\(UUID().uuidString)", candidate: candidate, action: action, swipedAt: harness.now)
    }

    private func matchedPair() throws -> (Person, Person, String) {
        let alice = try person("alice")
        let bob = try person("bob")
        _ = try harness.value {
            alice.services.discovery.sendSwipe(swipe(bob.id, .like), accessToken: alice.token, completion: $0)
        }
        _ = try harness.value {
            bob.services.discovery.sendSwipe(swipe(alice.id, .like), accessToken: bob.token, completion: $0)
        }
        return (alice, bob, Match.id(between: alice.id, and: bob.id))
    }

    @discardableResult
    private func send(_ person: Person, _ text: String, in conversation: String) throws -> Message {
        let message = OutgoingMessage(
            id: "tx-\(UUID().uuidString)", conversation: conversation, text: text, createdAt: harness.now)
        return try harness.value {
            person.services.chat.sendMessage(message, accessToken: person.token, completion: $0)
        }
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error } else { return nil }
    }
}
