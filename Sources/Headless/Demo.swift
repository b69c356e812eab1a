import EmbeddedBackend
import Foundation
import Models

/// The scripted demo walk on the embedded backend: launch → sign-up → profile set-up → swiping
/// (pass, rewind, like) to a match with alice, who liked the new user first → the match's conversation →
/// the matches list → logout → sign-in with a wrong password → sign-in → a deep link to a profile.
public enum Demo {
    /// Runs the walk on `app` (which should be fresh), stopping at the first step that fails.
    @MainActor
    public static func run(on app: HeadlessApp) throws(HeadlessError) {
        app.backend.addDemoAccounts()
        app.launch()
        try app.tap("Create account")
        try app.type("sam", into: "Username")
        try app.type("short", into: "Password")
        try app.type("Sam", into: "Display name")
        try app.type("2001-05-20", into: "Birth date (YYYY-MM-DD)")
        try app.tap("Create account")
        try app.type("correct horse", into: "Password")
        try app.tap("Create account")
        app.given("alice likes sam") { $0.like(from: "alice", to: "sam") }
        try app.type("Likes long walks and short queues.", into: "Bio")
        try app.tap("Hiking")
        try app.tap("Coffee")
        try app.type("25", into: "Minimum age")
        try app.type("35", into: "Maximum age")
        try app.tap("Save")
        try app.tap("Pass")
        try app.tap("Rewind")
        try app.tap("Like")
        try app.tap("Send a message")
        try app.tap("Back")
        try app.tap("Log out")
        try app.tap("Log out")
        try app.tap("Log in")
        try app.type("sam", into: "Username or email")
        try app.type("wrong password", into: "Password")
        try app.tap("Log in")
        try app.type("correct horse", into: "Password")
        try app.tap("Log in")
        app.open("discover://profile/alice")
        try app.tap("Back")
    }
}
