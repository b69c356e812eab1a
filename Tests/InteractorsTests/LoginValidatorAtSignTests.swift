import Foundation
import Interactors
import Models
import Testing

/// Sign-in tells an email from a username by an `@` found as a character; these tests check it
/// against the validation written with Foundation's substring search, as it was.
@Suite struct LoginValidatorAtSignTests {
    /// The sign-in validation as written before, with Foundation's `contains("@")`.
    static func reference(_ values: [LoginField: String]) -> Validation<Credentials, LoginField> {
        let identifier = Whitespace.trimmed(values[.username] ?? "")
        var errors: [LoginField: FieldError] = [:]
        if identifier.isEmpty {
            errors[.username] = .required
        } else if identifier.contains("@")
            ? !LoginValidator.isEmail(identifier) : !LoginValidator.isUsername(identifier)
        {
            errors[.username] = identifier.contains("@") ? .invalidEmail : .invalidUsername
        }
        let password = values[.password] ?? ""
        let count = password.count
        if password.isEmpty {
            errors[.password] = .required
        } else if count < LoginValidator.minimumPasswordLength {
            errors[.password] = .tooShort(minimum: LoginValidator.minimumPasswordLength)
        } else if count > LoginValidator.maximumPasswordLength {
            errors[.password] = .tooLong(maximum: LoginValidator.maximumPasswordLength)
        }
        guard errors.isEmpty else { return .invalid(errors) }
        return .valid(Credentials(identifier: identifier, password: password))
    }

    @Test func validateSignIn_tellsEmailsFromUsernamesAsFoundationsSearchDid() {
        let identifiers = [
            "", "alice", " alice ", "a@b.c", "@", "a@", "@b.c", "a@\u{301}b.c", "\u{301}@b.c", "a\u{FF20}b.c",
            "é@x.y", "@\u{20DD}", "x\u{0040}\u{0301}\u{0302}", "\u{1F600}@a.b", "a b@c.d", "a@@b.c",
            "alice.smith-1_2", "al", "ünïcode", "a@b", "a@b.", String(repeating: "a", count: 40),
        ]
        for identifier in identifiers {
            for password in ["", "short", "wonderland"] {
                let values: [LoginField: String] = [.username: identifier, .password: password]
                #expect(
                    LoginValidator.validateSignIn(values) == Self.reference(values),
                    "identifier \(identifier.debugDescription)")
            }
        }
    }
}
