/// The name of a kind of screen, stable across renders (`signIn`, `home`, ...).
public struct ScreenID: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The screen's name.
    public let rawValue: String

    /// Wraps a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identity as its JSON form spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The screen's name.
    public var description: String { rawValue }
}

extension ScreenID {
    /// Shown while a stored session is restored.
    public static let launching: ScreenID = "launching"
    /// The signed-out entry: sign in or create an account.
    public static let welcome: ScreenID = "welcome"
    /// The sign-in form.
    public static let signIn: ScreenID = "signIn"
    /// The create-account form.
    public static let signUp: ScreenID = "signUp"
    /// Profile set-up after sign-up.
    public static let profileSetup: ScreenID = "profileSetup"
    /// The signed-in home with its tabs.
    public static let home: ScreenID = "home"
    /// Someone's full profile.
    public static let profile: ScreenID = "profile"
    /// One conversation.
    public static let chat: ScreenID = "chat"
    /// The "It's a match" modal.
    public static let match: ScreenID = "match"
    /// The out-of-likes modal.
    public static let outOfLikes: ScreenID = "outOfLikes"
    /// Editing who the user looks for.
    public static let preferences: ScreenID = "preferences"
}
