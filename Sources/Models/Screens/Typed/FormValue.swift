/// A text field's value and the error shown beside it (only once errors show).
public struct FormValue: Hashable, Sendable {
    /// What the field holds.
    public var text: String
    /// Why it is not valid, when shown.
    public var error: FieldError?

    /// Creates a field's value.
    public init(_ text: String, error: FieldError? = nil) {
        self.text = text
        self.error = error
    }
}
