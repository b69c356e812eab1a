import Models

/// Profiles: save one's own, read anyone's.
///
/// Every result arrives through `completion` on the main actor via the backend's scheduler.
public protocol ProfileService: Sendable {
    /// Saves the signed-in user's profile; answers with the updated user.
    func saveProfile(_ profile: Profile, accessToken: String, completion: @escaping ServiceCompletion<User>)

    /// Reads a user's public profile.
    func fetchProfile(
        of user: UserID, accessToken: String, completion: @escaping ServiceCompletion<PublicProfile>)
}
