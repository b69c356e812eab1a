import Models

/// The candidate pool and swipes: pages of candidates, sending and undoing swipes, preferences.
///
/// Every result arrives through `completion` on the main actor via the backend's scheduler.
public protocol DiscoveryService: Sendable {
    /// Reads up to `limit` candidates from `cursor` (`nil` for the start), filtered by the viewer's
    /// preferences and excluding people the viewer already swiped.
    func fetchCandidates(
        cursor: String?, limit: Int, accessToken: String,
        completion: @escaping ServiceCompletion<DiscoveryPage>)

    /// Records a swipe.
    ///
    /// Idempotent: the same ``Models/Swipe/id`` sent twice is applied once, with the same outcome.
    func sendSwipe(_ swipe: Swipe, accessToken: String, completion: @escaping ServiceCompletion<SwipeOutcome>)

    /// Undoes a pass by its swipe id (rewind); `rejected` for a like or an unknown id.
    func undoSwipe(id: String, accessToken: String, completion: @escaping ServiceCompletion<Void>)

    /// Replaces who the viewer looks for.
    func savePreferences(
        _ preferences: SearchPreferences, accessToken: String, completion: @escaping ServiceCompletion<Void>)
}
