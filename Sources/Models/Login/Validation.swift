/// The outcome of validating a form: the value to send, or an error per field.
public enum Validation<Value: Sendable & Hashable, Field: Hashable & Sendable>: Hashable, Sendable {
    /// Every field is acceptable; this is what to send.
    case valid(Value)
    /// At least one field is not acceptable.
    case invalid([Field: FieldError])

    /// The errors per field; empty when valid.
    public var errors: [Field: FieldError] {
        if case .invalid(let errors) = self { return errors }
        return [:]
    }

    /// The value when valid.
    public var value: Value? {
        if case .valid(let value) = self { return value }
        return nil
    }
}
