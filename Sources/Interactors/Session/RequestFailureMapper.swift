import Models

/// Maps a service error from a form's request to what the form shows.
public enum RequestFailureMapper {
    /// What a form does with a failed request.
    public enum Outcome: Hashable, Sendable {
        /// Show a failure banner.
        case failure(RequestFailure)
        /// Show the failure and count down before submit is enabled again.
        case rateLimited(seconds: Int)
        /// Show an error beside one field (sign-up's taken username).
        case fieldError(LoginField, FieldError)
        /// The session is over: raise it to the session flow.
        case sessionEnded(SignedOutReason)
    }

    /// Maps an error; rate limits are at least one second.
    public static func map(_ error: ServiceError) -> Outcome {
        switch error {
        case .invalidCredentials: .failure(.wrongCredentials)
        case .accountExists: .fieldError(.username, .taken)
        case .rateLimited(let seconds): .rateLimited(seconds: max(1, seconds))
        case .networkUnavailable: .failure(.offline)
        case .tokenExpired: .sessionEnded(.sessionExpired)
        case .tokenRevoked: .sessionEnded(.sessionRevoked)
        case .notFound: .failure(.server("Not found"))
        case .rejected(let reason): .failure(.server(reason))
        case .server(let message): .failure(.server(message))
        case .malformedResponse: .failure(.server("Unexpected response from the server"))
        }
    }
}
