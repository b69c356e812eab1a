/// The profile viewer context's observable state.
public enum ProfileViewState: Hashable, Sendable {
    /// Waiting for the backend.
    case loading(UserID)
    /// The profile arrived.
    case loaded(PublicProfile)
    /// The profile does not exist or cannot be shown.
    case notFound(UserID)
    /// The backend could not be reached or failed; retry is possible.
    case failed(UserID, RequestFailure)
}
