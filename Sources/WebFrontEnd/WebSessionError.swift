/// Why a session could not do what a request asked, with the status that answers it.
public enum WebSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not the JSON the route takes (400).
    case badBody(String)
    /// The request does not fit what is shown or the session's backend (409).
    case conflict(String)
    /// The engine could not be made (502: the homeserver's fault, or the machine's).
    case cannotStart(String)

    /// The status code that answers this error.
    public var status: HTTPStatus {
        switch self {
        case .badBody: .badRequest
        case .conflict: .conflict
        case .cannotStart: .badGateway
        }
    }

    /// The sentence sent back in the error's JSON.
    public var description: String {
        switch self {
        case .badBody(let why), .conflict(let why), .cannotStart(let why): why
        }
    }
}
