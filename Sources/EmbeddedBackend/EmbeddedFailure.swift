import Models

/// A way a request to the embedded server fails, as a real server or network would make it fail.
///
/// ``EmbeddedServer/failRequests(to:with:times:)`` and ``EmbeddedServer/failRequests(to:with:until:)``
/// inject them; the scenario language's `server fails … with <kind>` names them. None of them applies
/// the request: the server answers with the failure instead of handling it.
public enum EmbeddedFailure: Hashable, Sendable {
    /// A temporary fault on the server's side (HTTP 500): ``Models/ServiceError/server(_:)``.
    case serverError
    /// The item is not there, or not this user's (HTTP 404): ``Models/ServiceError/notFound``.
    case notFound
    /// The user may not do this (HTTP 403): ``Models/ServiceError/rejected(_:)`` "Not allowed.".
    case forbidden
    /// The match is over (HTTP 410): ``Models/ServiceError/rejected(_:)`` with what the server says
    /// to a message for an ended match, ``Models/ServiceError/matchEnded``.
    case gone
    /// Too many requests (HTTP 429 with `Retry-After`): ``Models/ServiceError/rateLimited(retryAfterSeconds:)``.
    case rateLimited(retryAfterSeconds: Int)
    /// No answer within the request's timeout: after ``timeoutAfter`` (not the latency) the client
    /// gives up with ``Models/ServiceError/networkUnavailable``, as a transport failure reads.
    case timeout
    /// An answer that cannot be read (a gateway's HTML page in place of JSON):
    /// ``Models/ServiceError/malformedResponse(_:)``.
    case malformedAnswer

    /// How long a client waits for an answer before it gives up: the Matrix backend's default request
    /// timeout.
    public static let timeoutAfter: Duration = .seconds(30)

    /// What the client receives.
    public var error: ServiceError {
        switch self {
        case .serverError: .server("scripted failure")
        case .notFound: .notFound
        case .forbidden: .rejected("Not allowed.")
        case .gone: .matchEnded
        case .rateLimited(let seconds): .rateLimited(retryAfterSeconds: max(1, seconds))
        case .timeout: .networkUnavailable
        case .malformedAnswer: .malformedResponse("The server's answer could not be read.")
        }
    }

    /// How long the answer takes at least: the timeout for ``timeout``, else nothing beyond the latency.
    var delay: Duration {
        switch self {
        case .timeout: Self.timeoutAfter
        case .serverError, .notFound, .forbidden, .gone, .rateLimited, .malformedAnswer: .zero
        }
    }
}
