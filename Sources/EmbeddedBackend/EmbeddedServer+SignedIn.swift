import Models

extension EmbeddedServer {
    /// The user who signed in last and still holds an access token (the one that expires last), if any.
    ///
    /// On a server of its own (each browser session of `discover serve` has one) this is the person
    /// using the app, whom the test knobs act towards.
    public var lastSignedInUser: UserID? {
        state.withLock { state in state.accessTokens.values.max { $0.expiresAt < $1.expiresAt }?.user }
    }
}
