/// Scenario lines the runner tests start from.
enum ScenarioPreludes {
    /// Alice, signed in with the demo people, in her conversation with Bob (a match with no messages).
    static let aliceTalkingToBob = """
        given demo people
        given I am alice
        given bob matches me
        launch
        tap "Log in"
        type "alice" into "Username or email"
        type "wonderland" into "Password"
        tap "Log in"
        tap "Matches"
        tap "Bob"
        """
}
