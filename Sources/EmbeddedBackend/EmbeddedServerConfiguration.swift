/// The embedded server's fixed rules: lifetimes, the login rate limit, hashing cost, the seed.
public struct EmbeddedServerConfiguration: Sendable {
    /// The seed for salts and tokens; the same seed repeats the same run.
    public var seed: UInt64
    /// How long an access token is accepted.
    public var accessTokenLifetime: Duration
    /// How long a refresh token is accepted.
    public var refreshTokenLifetime: Duration
    /// How many wrong passwords in a row lock an account's sign-in.
    public var maximumFailedSignIns: Int
    /// How long a locked sign-in stays locked.
    public var signInLockout: Duration
    /// The password hash's iteration count.
    public var passwordRounds: Int
    /// How many generated candidates the pool holds besides the accounts.
    public var candidatePoolSize: Int
    /// Likes each user may give per UTC day.
    public var dailyLikeLimit: Int
    /// Super likes each user may give per UTC day.
    public var dailySuperLikeLimit: Int
    /// Bugs to have on purpose (test-only; none by default): see ``EmbeddedFaults``.
    public var faults: EmbeddedFaults = []

    /// Creates a configuration; the defaults are 1 h access, 30 d refresh, 5 failures lock for 60 s, a
    /// pool of 200 generated candidates, 100 likes and 1 super like a day.
    public init(
        seed: UInt64 = 0xD15C_0E4E,
        accessTokenLifetime: Duration = .seconds(3600),
        refreshTokenLifetime: Duration = .seconds(30 * 24 * 3600),
        maximumFailedSignIns: Int = 5,
        signInLockout: Duration = .seconds(60),
        passwordRounds: Int = 64,
        candidatePoolSize: Int = 200,
        dailyLikeLimit: Int = 100,
        dailySuperLikeLimit: Int = 1
    ) {
        self.seed = seed
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.maximumFailedSignIns = maximumFailedSignIns
        self.signInLockout = signInLockout
        self.passwordRounds = passwordRounds
        self.candidatePoolSize = candidatePoolSize
        self.dailyLikeLimit = dailyLikeLimit
        self.dailySuperLikeLimit = dailySuperLikeLimit
    }
}
