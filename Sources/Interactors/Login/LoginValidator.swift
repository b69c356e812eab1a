import Foundation
import Models

/// Validates the sign-in and sign-up forms field by field.
///
/// Rules: a username is 3–30 letters, digits, `.`, `_` or `-`; sign-in also accepts an email; a
/// password has at least 8 characters; a display name has 1–40 characters after trimming; a birth
/// date is `YYYY-MM-DD` and makes the user at least 18. A field that shows nothing (only white space
/// and invisible characters, ``Whitespace/isBlank(_:)``) is missing; a password is taken as typed.
public enum LoginValidator {
    /// The fewest characters a password may have.
    public static let minimumPasswordLength = 8
    /// The most characters a password may have (a guard against hostile input).
    public static let maximumPasswordLength = 256
    /// The allowed username lengths.
    public static let usernameLengths = 3...30
    /// The longest display name after trimming.
    public static let maximumDisplayNameLength = 40

    /// Validates the form of a mode: sign-in yields ``Models/Credentials``, sign-up a
    /// ``Models/SignUpRequest``.
    public static func validate(
        mode: LoginMode, values: [LoginField: String], now: Date
    ) -> [LoginField: FieldError] {
        switch mode {
        case .signIn: validateSignIn(values).errors
        case .signUp: validateSignUp(values, now: now).errors
        }
    }

    /// Validates the sign-in form.
    public static func validateSignIn(_ values: [LoginField: String]) -> Validation<Credentials, LoginField> {
        let identifier = trimmed(values[.username])
        var errors: [LoginField: FieldError] = [:]
        // An `@` as a character of its own (an `@` with a combining mark is another character).
        let isEmailLike = identifier.contains("@" as Character)
        if Whitespace.isBlank(identifier) {
            errors[.username] = .required
        } else if isEmailLike ? !isEmail(identifier) : !isUsername(identifier) {
            errors[.username] = isEmailLike ? .invalidEmail : .invalidUsername
        }
        let password = values[.password] ?? ""
        if let error = passwordError(password) { errors[.password] = error }
        guard errors.isEmpty else { return .invalid(errors) }
        return .valid(Credentials(identifier: identifier, password: password))
    }

    /// Validates the sign-up form against the given day.
    public static func validateSignUp(
        _ values: [LoginField: String], now: Date
    ) -> Validation<SignUpRequest, LoginField> {
        var errors: [LoginField: FieldError] = [:]
        let username = trimmed(values[.username])
        if Whitespace.isBlank(username) {
            errors[.username] = .required
        } else if !isUsername(username) {
            errors[.username] = .invalidUsername
        }
        let email = trimmed(values[.email])
        let hasEmail = !Whitespace.isBlank(email)
        if hasEmail, !isEmail(email) { errors[.email] = .invalidEmail }
        let password = values[.password] ?? ""
        if let error = passwordError(password) { errors[.password] = error }
        let displayName = trimmed(values[.displayName])
        if Whitespace.isBlank(displayName) {
            errors[.displayName] = .required
        } else if displayName.count > maximumDisplayNameLength {
            errors[.displayName] = .tooLong(maximum: maximumDisplayNameLength)
        }
        let birthText = trimmed(values[.birthDate])
        var birthDate: Date?
        if Whitespace.isBlank(birthText) {
            errors[.birthDate] = .required
        } else if let date = CalendarMath.parseDay(birthText) {
            if date > now {
                errors[.birthDate] = .dateInFuture
            } else if CalendarMath.age(bornOn: date, at: now) < SearchPreferences.minimumAge {
                errors[.birthDate] = .underage(minimumAge: SearchPreferences.minimumAge)
            } else {
                birthDate = date
            }
        } else {
            errors[.birthDate] = .invalidDate
        }
        guard errors.isEmpty, let birthDate else { return .invalid(errors) }
        return .valid(
            SignUpRequest(
                username: username, email: hasEmail ? email : nil, password: password,
                displayName: displayName, birthDate: birthDate))
    }

    /// Whether the text is an acceptable username.
    public static func isUsername(_ text: String) -> Bool {
        usernameLengths.contains(text.count)
            && text.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                // ASCII letters and digits (Foundation's alphanumerics, within ASCII), `.`, `_`, `-`.
                case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
                default: false
                }
            }
    }

    /// Whether the text is a plausible email address: one `@`, a local part, a dotted domain, no spaces.
    public static func isEmail(_ text: String) -> Bool {
        guard text.count <= 254, !text.contains(where: \.isWhitespace) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    private static func passwordError(_ password: String) -> FieldError? {
        if password.isEmpty { return .required }
        if password.count < minimumPasswordLength { return .tooShort(minimum: minimumPasswordLength) }
        if password.count > maximumPasswordLength { return .tooLong(maximum: maximumPasswordLength) }
        return nil
    }

    private static func trimmed(_ text: String?) -> String {
        Whitespace.trimmed(text ?? "")
    }
}
