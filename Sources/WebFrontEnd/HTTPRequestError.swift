/// Why bytes from a client are not a request this server accepts, with the status that answers it.
public enum HTTPRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request line or a header is not HTTP/1.1 as this server reads it (400).
    case malformed(String)
    /// The request line and headers together pass ``HTTPRequestParser/maximumHeadLength``, or
    /// there are more than ``HTTPRequestParser/maximumHeaderCount`` headers (431).
    case headersTooLarge
    /// `Content-Length` passes ``HTTPRequestParser/maximumBodyLength`` (413).
    case bodyTooLarge
    /// The body is sent with `Transfer-Encoding` instead of `Content-Length` (411).
    case lengthRequired

    /// The status code that answers this error.
    public var status: HTTPStatus {
        switch self {
        case .malformed: .badRequest
        case .headersTooLarge: .headersTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .lengthRequired: .lengthRequired
        }
    }

    /// The sentence sent back in the error's JSON.
    public var description: String {
        switch self {
        case .malformed(let why): "bad request: \(why)"
        case .headersTooLarge:
            "the request line and headers are over \(HTTPRequestParser.maximumHeadLength) bytes or "
                + "\(HTTPRequestParser.maximumHeaderCount) headers"
        case .bodyTooLarge: "the body is over \(HTTPRequestParser.maximumBodyLength) bytes"
        case .lengthRequired: "send the body with Content-Length; Transfer-Encoding is not accepted"
        }
    }
}
