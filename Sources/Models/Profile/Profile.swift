/// What a user tells others about themselves and what they look for.
///
/// Written during sign-up's profile set-up and shown on profile screens.
public struct Profile: Hashable, Codable, Sendable {
    /// Free text about the user, at most ``Profile/maximumBioLength`` characters.
    public var bio: String
    /// Interests picked from ``Interest/catalog``.
    public var interests: [Interest]
    /// Who the user wants to see.
    public var lookingFor: SearchPreferences

    /// The longest bio accepted.
    public static let maximumBioLength = 500

    /// Creates a profile value.
    public init(bio: String, interests: [Interest], lookingFor: SearchPreferences) {
        self.bio = bio
        self.interests = interests
        self.lookingFor = lookingFor
    }

    /// An empty profile with default preferences.
    public static let empty = Profile(bio: "", interests: [], lookingFor: .default)
}
