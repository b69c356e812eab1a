import Foundation

/// Why an exchange with the homeserver produced no answer, as ``MatrixHTTPClient``'s transports
/// report it (the client turns each into a ``Models/ServiceError``).
enum MatrixTransportFailure: Error, Equatable {
    /// The answer's body was larger than the client's limit (declared up front or found while reading).
    case tooLarge
    /// No answer came: no connection, a timeout, a connection dropped before the answer was whole.
    case transport
    /// The server answered something that is not an HTTP answer (its status line, its headers over
    /// their bounds, a broken chunked body), with the reason.
    case malformed(String)
    /// The request could not be written (a header holding a line break), with the reason.
    case invalidRequest(String)
}

/// An HTTP answer as ``MatrixHTTPClient`` reads it: its status and its whole body, never larger than
/// the client's limit.
struct MatrixHTTPAnswer: Equatable, Sendable {
    /// The HTTP status code, such as 200 or 429.
    let status: Int
    /// The body.
    let body: Data
}
