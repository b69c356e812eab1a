import Foundation
import Interactors
import Models
import Testing

@Suite struct LoginValidatorTests {
    let now = CalendarMath.parseDay("2026-01-15") ?? Date()

    func signUpValues(
        username: String = "sam", email: String = "", password: String = "correct horse",
        name: String = "Sam",
        birth: String = "2000-01-01"
    ) -> [LoginField: String] {
        [.username: username, .email: email, .password: password, .displayName: name, .birthDate: birth]
    }

    @Test func signIn_withValidUsernameAndPassword_yieldsTrimmedCredentials() {
        let result = LoginValidator.validateSignIn([.username: "  alice ", .password: "wonderland"])
        #expect(result == .valid(Credentials(identifier: "alice", password: "wonderland")))
    }

    @Test func signIn_acceptsAnEmailAsIdentifier() {
        let result = LoginValidator.validateSignIn([.username: "alice@example.com", .password: "wonderland"])
        #expect(result.value?.identifier == "alice@example.com")
    }

    @Test func signIn_withEmptyFields_marksBothRequired() {
        #expect(LoginValidator.validateSignIn([:]).errors == [.username: .required, .password: .required])
    }

    @Test func signIn_withMalformedEmail_saysInvalidEmail() {
        let errors = LoginValidator.validateSignIn([.username: "alice@", .password: "wonderland"]).errors
        #expect(errors == [.username: .invalidEmail])
    }

    @Test func password_shorterThanEight_isTooShort() {
        let errors = LoginValidator.validateSignIn([.username: "alice", .password: "1234567"]).errors
        #expect(errors == [.password: .tooShort(minimum: 8)])
    }

    @Test(arguments: ["ab", String(repeating: "a", count: 31), "al ice", "alice!", "ålice", "a/b"])
    func username_outsideTheRules_isInvalid(_ username: String) {
        #expect(!LoginValidator.isUsername(username))
        #expect(
            LoginValidator.validateSignUp(signUpValues(username: username), now: now).errors[.username]
                == .invalidUsername)
    }

    @Test(arguments: ["abc", String(repeating: "a", count: 30), "a.b_c-d", "Sam2000"])
    func username_withinTheRules_isAccepted(_ username: String) {
        #expect(LoginValidator.isUsername(username))
    }

    @Test func usernameCharacters_areFoundationsAlphanumericsWithinASCII_andDotUnderscoreDash() {
        for value in UInt32(0)...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected =
                scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_"
                    || scalar == "-")
            #expect(
                LoginValidator.isUsername("ab" + String(scalar)) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test func signUp_withEverythingValid_yieldsTheRequest() {
        let result = LoginValidator.validateSignUp(
            signUpValues(email: "sam@example.com", name: "  Sam  "), now: now)
        #expect(
            result
                == .valid(
                    SignUpRequest(
                        username: "sam", email: "sam@example.com", password: "correct horse",
                        displayName: "Sam",
                        birthDate: CalendarMath.parseDay("2000-01-01") ?? now)))
    }

    @Test func signUp_emailIsOptionalButCheckedWhenGiven() {
        #expect(LoginValidator.validateSignUp(signUpValues(email: ""), now: now).value?.email == nil)
        #expect(
            LoginValidator.validateSignUp(signUpValues(email: "nope"), now: now).errors == [
                .email: .invalidEmail
            ])
    }

    @Test func signUp_displayName_isTrimmedAndLimitedToForty() {
        #expect(
            LoginValidator.validateSignUp(signUpValues(name: "   "), now: now).errors == [
                .displayName: .required
            ])
        let long = String(repeating: "x", count: 41)
        #expect(
            LoginValidator.validateSignUp(signUpValues(name: long), now: now).errors == [
                .displayName: .tooLong(maximum: 40)
            ])
        let forty = " " + String(repeating: "x", count: 40) + " "
        #expect(LoginValidator.validateSignUp(signUpValues(name: forty), now: now).errors.isEmpty)
    }

    @Test func signUp_turningEighteenToday_isAccepted_andTheDayBefore_isUnderage() {
        #expect(LoginValidator.validateSignUp(signUpValues(birth: "2008-01-15"), now: now).errors.isEmpty)
        #expect(
            LoginValidator.validateSignUp(signUpValues(birth: "2008-01-16"), now: now).errors
                == [.birthDate: .underage(minimumAge: 18)])
    }

    @Test(arguments: [
        "2000-02-30", "2000-13-01", "20000101", "2000-1-01", "yesterday", "1899-12-31", "２０００-01-01",
    ])
    func signUp_withAMalformedBirthDate_saysInvalidDate(_ birth: String) {
        #expect(
            LoginValidator.validateSignUp(signUpValues(birth: birth), now: now).errors == [
                .birthDate: .invalidDate
            ])
    }

    @Test func signUp_withAFutureBirthDate_saysSo() {
        #expect(
            LoginValidator.validateSignUp(signUpValues(birth: "2030-01-01"), now: now).errors == [
                .birthDate: .dateInFuture
            ])
    }

    @Test func validateByMode_checksOnlyThatModesFields() {
        let values: [LoginField: String] = [.username: "alice", .password: "wonderland"]
        #expect(LoginValidator.validate(mode: .signIn, values: values, now: now).isEmpty)
        #expect(
            Set(LoginValidator.validate(mode: .signUp, values: values, now: now).keys) == [
                .displayName, .birthDate,
            ])
    }

    @Test func hostileInput_neverCrashes() {
        let hostile = String(repeating: "\u{202E}\u{0000}😀", count: 10_000)
        let errors = LoginValidator.validateSignUp(
            [
                .username: hostile, .email: hostile, .password: hostile, .displayName: hostile,
                .birthDate: hostile,
            ],
            now: now
        ).errors
        #expect(errors.count == 5)
    }
}
