/// Why `discover serve` did not start: its data folder or its port.
public enum WebServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data folder cannot be used, or the world in it cannot be restored.
    case data(WebDataError)
    /// The port cannot be listened on.
    case listening(HTTPServerError)

    /// A sentence for the command line.
    public var description: String {
        switch self {
        case .data(let error): error.description
        case .listening(let error): error.description
        }
    }
}
