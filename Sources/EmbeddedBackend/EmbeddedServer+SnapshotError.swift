extension EmbeddedServer {
    /// Why a ``Snapshot`` could not be read, written or restored.
    public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Its file form has more bytes than ``Snapshot/maximumBytes`` allows (`bytes`, or as many as
        /// were read to tell).
        case tooLarge(bytes: Int, limit: Int)
        /// The bytes are not a snapshot (not JSON, a part missing or of the wrong type): why.
        case unreadable(String)
        /// It is of a version this build does not read.
        case unsupportedVersion(Int)
        /// Its parts do not agree (a token of nobody, a message in another conversation): what.
        case inconsistent(String)
        /// A value in it has no JSON form (a number that is not finite): where.
        case unencodable(String)

        /// A sentence saying what is wrong.
        public var description: String {
            switch self {
            case .tooLarge(_, let limit): "it has more than the \(limit) bytes allowed"
            case .unreadable(let why): "it is not a saved world: \(why)"
            case .unsupportedVersion(let version):
                "it is of version \(version); this build reads version \(Snapshot.currentVersion)"
            case .inconsistent(let what): "its parts do not agree: \(what)"
            case .unencodable(let where_): "it cannot be written: \(where_)"
            }
        }
    }
}
