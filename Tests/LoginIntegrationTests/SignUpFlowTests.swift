import EmbeddedBackend
import Flows
import Foundation
import HeadlessFrontEnd
import Models
import TestSupport
import Testing

/// Sign-up and profile set-up end to end through the flows, on the embedded backend.
@MainActor
@Suite struct SignUpFlowTests {
    let world = TestWorld()

    func startSignUp(username: String = "sam", birthDate: String = "2001-05-20") throws {
        world.app.launch()
        try signUpFromWelcome(username: username, birthDate: birthDate)
    }

    func signUpFromWelcome(username: String = "sam", birthDate: String = "2001-05-20") throws {
        try world.app.tap("Create account")
        try world.app.type(username, into: "Username")
        try world.app.type("correct horse", into: "Password")
        try world.app.type("Sam", into: "Display name")
        try world.app.type(birthDate, into: "Birth date (YYYY-MM-DD)")
        try world.app.tap("Create account")
    }

    @Test func signUp_thenProfileSetUp_savesTheProfile_andLandsOnHome() throws {
        try startSignUp()
        #expect(world.app.screen?.id == .profileSetup)
        try world.app.type("Likes long walks.", into: "Bio")
        try world.app.tap("Hiking")
        try world.app.tap("Coffee")
        try world.app.tap("Hiking")
        try world.app.type("25", into: "Minimum age")
        try world.app.type("35", into: "Maximum age")
        try world.app.type("20", into: "Maximum distance (km)")
        try world.app.tap("Save")
        #expect(world.screens() == [.launching, .welcome, .signUp, .profileSetup, .home])
        #expect(
            world.eventNames() == [
                "app_launched", "login_submitted", "login_succeeded", "profile_setup_completed", "card_shown",
            ])
        #expect(
            world.server.profile(of: "sam")
                == Profile(
                    bio: "Likes long walks.", interests: [Interest("Coffee")],
                    lookingFor: SearchPreferences(minimumAge: 25, maximumAge: 35, maximumDistanceKm: 20)))
    }

    /// A link opened during set-up waits for it: the typed bio stays, and the link opens once the
    /// profile is saved, with the deck loaded beneath it.
    @Test func aLinkOpenedDuringProfileSetUp_waitsForIt_thenOpensAboveALoadedDeck() throws {
        try startSignUp()
        try world.app.type("Likes long walks.", into: "Bio")
        world.app.open("discover://profile/alice")
        #expect(world.app.screen?.id == .profileSetup)
        try world.app.tap("Save")
        #expect(world.server.profile(of: "sam")?.bio == "Likes long walks.")
        #expect(world.screens() == [.launching, .welcome, .signUp, .profileSetup, .home, .profile])
        try world.app.tap("Back")
        #expect(world.app.screen?.id == .home)
        #expect(world.app.screen?.elements.contains { if case .card = $0 { true } else { false } } == true)
    }

    @Test func profileSetUp_showsErrorsBesideFields_andSavesNothingWhileInvalid() throws {
        try startSignUp()
        try world.app.type(String(repeating: "x", count: 501), into: "Bio")
        try world.app.type("40", into: "Minimum age")
        try world.app.type("30", into: "Maximum age")
        try world.app.type("0", into: "Maximum distance (km)")
        for name in ["Hiking", "Cooking", "Music", "Travel", "Books", "Films"] { try world.app.tap(name) }
        try world.app.tap("Save")
        #expect(world.fieldError("Bio") == "Use at most 500 characters")
        #expect(world.fieldError("Minimum age") == "The minimum age is above the maximum")
        #expect(world.fieldError("Maximum distance (km)") == "Enter a number from 1 to 500")
        #expect(world.errorBanners == ["Pick at most 5"])
        #expect(world.server.requestCount(.saveProfile) == 0)
        #expect(world.app.screen?.id == .profileSetup)
    }

    @Test func profileSetUp_canBeSkipped() throws {
        try startSignUp()
        try world.app.tap("Skip for now")
        #expect(world.app.screen?.id == .home)
        #expect(world.eventNames().suffix(2) == ["profile_setup_skipped", "card_shown"])
        #expect(world.server.profile(of: "sam") == .empty)
    }

    @Test func profileSaveWhileOffline_showsTheError_andRetrySaves() throws {
        try startSignUp()
        world.server.isNetworkDown = true
        try world.app.tap("Save")
        #expect(world.errorBanners == ["You're offline. Check your connection and try again."])
        world.server.isNetworkDown = false
        try world.app.tap("Save")
        #expect(world.app.screen?.id == .home)
    }

    @Test func signUp_withATakenUsername_saysSoBesideTheField() throws {
        try startSignUp(username: "Alice")
        #expect(world.app.screen?.id == .signUp)
        #expect(world.fieldError("Username") == "That username is taken")
        try world.app.type("alice2", into: "Username")
        #expect(world.fieldError("Username") == nil)
        try world.app.tap("Create account")
        #expect(world.app.screen?.id == .profileSetup)
    }

    @Test func signUp_underEighteen_isRefusedLocally() throws {
        try startSignUp(birthDate: "2010-01-01")
        #expect(world.fieldError("Birth date (YYYY-MM-DD)") == "You must be at least 18 to use Discover")
        #expect(world.server.requestCount(.signUp) == 0)
    }

    @Test func signUp_afterTheDeepLinkWaited_setsUpTheProfileFirst_thenOpensTheLink() throws {
        world.app.launch()
        world.app.open("discover://profile/bob")
        try signUpFromWelcome()
        try world.app.tap("Skip for now")
        #expect(world.screens().suffix(3) == [.profileSetup, .home, .profile])
        #expect(world.app.screen?.title == "Bob")
    }
}
