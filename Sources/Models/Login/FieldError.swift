/// Why a form field's value is not accepted.
public enum FieldError: Hashable, Sendable {
    /// The field is empty but required.
    case required
    /// A username must be 3–30 letters, digits, `.`, `_` or `-`.
    case invalidUsername
    /// Not a plausible email address.
    case invalidEmail
    /// Shorter than the minimum number of characters.
    case tooShort(minimum: Int)
    /// Longer than the maximum number of characters.
    case tooLong(maximum: Int)
    /// Not a date in the form `YYYY-MM-DD`.
    case invalidDate
    /// A birth date in the future.
    case dateInFuture
    /// Younger than the minimum age.
    case underage(minimumAge: Int)
    /// Not a whole number.
    case notANumber
    /// A number outside the allowed range.
    case outOfRange(ClosedRange<Int>)
    /// A minimum above the matching maximum.
    case minimumAboveMaximum
    /// More selections than allowed.
    case tooMany(maximum: Int)
    /// Not one of the allowed choices.
    case notAllowed
    /// The server says the value is taken (sign-up's username).
    case taken
}
