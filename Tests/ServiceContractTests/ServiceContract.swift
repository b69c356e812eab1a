import Foundation
import Interactors
import Models
import Services
import Testing

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

    func signUpThenSignIn() throws {
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

    func takenUsername() throws {
        let services = harness.device()
        _ = try signUp(services, "alice")
        let again = harness.call {
            services.auth.signUp(request("alice"), completion: $0)
        }
        #expect(again.failure == .accountExists)
    }

    func wrongPassword() throws {
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

    func validateAndSignOut() throws {
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

    func refresh() throws {
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
    func spentRefresh() throws {
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

    func savedProfile() throws {
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

    func unknownProfile() throws {
        let alice = try person("alice")
        let other = UserID(alice.id.rawValue.replacingOccurrences(of: "alice", with: "nobody"))
        let result = harness.call {
            alice.services.profiles.fetchProfile(of: other, accessToken: alice.token, completion: $0)
        }
        #expect(result.failure == .notFound)
    }

    func candidates() throws {
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

    func swipeTwice() throws {
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

    func preferences() throws {
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

    func undo() throws {
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
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error } else { return nil }
    }
}
