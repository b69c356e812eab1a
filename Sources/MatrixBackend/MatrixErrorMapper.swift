import Foundation
import Models

/// Turns a Matrix error response into the engine's ``Models/ServiceError``: a pure function, so every
/// mapping is unit-tested with canned payloads.
///
/// The Client-Server API answers errors as `{"errcode": "M_…", "error": "…"}` with an HTTP status.
public enum MatrixErrorMapper {
    /// What kind of request failed, where the same `errcode` means different things.
    public enum Purpose: Sendable {
        /// Password login: `M_FORBIDDEN` means the credentials do not match.
        case login
        /// Anything else.
        case other
    }

    /// The error for an answer with `status` and `body` (which may be anything, even not JSON).
    ///
    /// The server's `errcode` and `error` texts are passed through ``MatrixServerText`` (no control
    /// characters or escape sequences, one line, at most ``MatrixServerText/Limit/errorMessage``).
    public static func map(status: Int, body: Data, purpose: Purpose = .other) -> ServiceError {
        let json = try? JSONValue.parse(body)
        let limit = MatrixServerText.Limit.errorMessage
        let code = MatrixServerText.sanitized(json?["errcode"]?.stringValue ?? "", limit: limit)
        let message = MatrixServerText.sanitized(
            json?["error"]?.stringValue ?? "HTTP \(status)", limit: limit)
        switch code {
        case "M_FORBIDDEN" where purpose == .login, "M_USER_DEACTIVATED" where purpose == .login:
            return .invalidCredentials
        case "M_USER_IN_USE":
            return .accountExists
        case "M_LIMIT_EXCEEDED":
            let milliseconds =
                json?["retry_after_ms"]?.intValue ?? json?["error"]?["retry_after_ms"]?.intValue ?? 1000
            return .rateLimited(retryAfterSeconds: max(1, (milliseconds + 999) / 1000))
        case "M_UNKNOWN_TOKEN":
            // Soft logout: the token expired (the device and its data survive); a refresh may help.
            return json?["soft_logout"]?.boolValue == true ? .tokenExpired : .tokenRevoked
        case "M_MISSING_TOKEN":
            return .tokenRevoked
        case "M_NOT_FOUND":
            return .notFound
        default:
            break
        }
        switch status {
        case 404: return .notFound
        case 429: return .rateLimited(retryAfterSeconds: 1)
        case 500...: return .server("\(code.isEmpty ? "HTTP \(status)" : code): \(message)")
        default: return .rejected(code.isEmpty ? message : "\(code): \(message)")
        }
    }
}
