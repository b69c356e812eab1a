import Models

/// What a front end sends back when the user acts on a screen or alert.
public enum Intent: Hashable, Sendable, CustomStringConvertible {
    /// The user tapped the action with this identity.
    case tap(ActionID)
    /// The user changed the text of this field to this value.
    case edit(FieldID, String)

    /// A short description for transcripts; field values are not included.
    public var description: String {
        switch self {
        case .tap(let id): "tap \(id)"
        case .edit(let id, _): "edit \(id)"
        }
    }
}
