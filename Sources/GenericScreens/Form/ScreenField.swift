import Models

/// A text field with its current value and the error shown beside it.
public struct ScreenField: Hashable, Sendable, Codable {
    /// The identity sent back in ``Intent/edit(_:_:)``.
    public var id: FieldID
    /// The visible label; front ends also find fields by it.
    public var label: String
    /// The text in the field.
    public var value: String
    /// Whether the value is hidden when rendered (passwords).
    public var isSecure: Bool
    /// The validation message shown beside the field, if any.
    public var error: String?

    /// Creates a field.
    public init(id: FieldID, label: String, value: String, isSecure: Bool = false, error: String? = nil) {
        self.id = id
        self.label = label
        self.value = value
        self.isSecure = isSecure
        self.error = error
    }
}
