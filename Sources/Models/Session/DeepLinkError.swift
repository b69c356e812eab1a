/// Why a deep link could not be followed.
public enum DeepLinkError: Error, Hashable, Sendable {
    /// Not a `discover://` link.
    case unsupportedScheme(String)
    /// A `discover://` link to a place that does not exist.
    case unknownDestination(String)
    /// The link names a place but its identifier is missing or not acceptable.
    case invalidIdentifier(String)
}
