/// The session context's observable state: where the session is, and everything the context decides
/// with — the session as stored (the user, the tokens, the last place) and how many launches,
/// sign-ins and sign-outs there were.
public struct SessionState: Hashable, Sendable {
    /// Who is signed in, if anyone.
    public var phase: SessionPhase = .idle
    /// The session as last written to the session store; `nil` when signed out.
    public var stored: StoredSession?
    /// Counts launches, sign-ins and sign-outs: the answer to a request made before the last one is
    /// ignored.
    public var generation = 0

    /// Before launch.
    public init() {}

    /// The signed-in user, if any.
    public var user: User? { phase.user }
}
