/// The HTTP status codes this server answers with, and their reason phrases.
public enum HTTPStatus: Int, Hashable, Sendable {
    /// 200 OK.
    case ok = 200
    /// 201 Created.
    case created = 201
    /// 204 No Content.
    case noContent = 204
    /// 400 Bad Request.
    case badRequest = 400
    /// 403 Forbidden.
    case forbidden = 403
    /// 404 Not Found.
    case notFound = 404
    /// 405 Method Not Allowed.
    case methodNotAllowed = 405
    /// 408 Request Timeout.
    case requestTimeout = 408
    /// 409 Conflict.
    case conflict = 409
    /// 411 Length Required.
    case lengthRequired = 411
    /// 413 Content Too Large.
    case contentTooLarge = 413
    /// 431 Request Header Fields Too Large.
    case headersTooLarge = 431
    /// 500 Internal Server Error.
    case internalServerError = 500
    /// 502 Bad Gateway.
    case badGateway = 502
    /// 503 Service Unavailable.
    case serviceUnavailable = 503

    /// The reason phrase of the status line.
    public var reason: String {
        switch self {
        case .ok: "OK"
        case .created: "Created"
        case .noContent: "No Content"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .conflict: "Conflict"
        case .lengthRequired: "Length Required"
        case .contentTooLarge: "Content Too Large"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .internalServerError: "Internal Server Error"
        case .badGateway: "Bad Gateway"
        case .serviceUnavailable: "Service Unavailable"
        }
    }
}
