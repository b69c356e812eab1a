/// Why a ``ForeignClient`` call failed.
enum ForeignClientError: Error, Equatable {
    /// No HTTP answer.
    case transport(String)
    /// An error status, with the start of the answer (`M_FORBIDDEN ...`).
    case status(Int, String)
    /// An answer that is not what the API promises.
    case malformed(String)
}
