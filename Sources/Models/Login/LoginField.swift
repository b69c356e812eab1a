/// A field of the sign-in or sign-up form.
public enum LoginField: Hashable, Sendable, CaseIterable {
    /// The username: on sign-in, the username or the email; on sign-up, the new username.
    case username
    /// Sign-up only: an optional email address.
    case email
    /// The password.
    case password
    /// Sign-up only: the name shown to others.
    case displayName
    /// Sign-up only: the birth date as `YYYY-MM-DD`.
    case birthDate

    /// The fields a mode shows, in display order.
    public static func fields(for mode: LoginMode) -> [LoginField] {
        switch mode {
        case .signIn: [.username, .password]
        case .signUp: [.username, .email, .password, .displayName, .birthDate]
        }
    }
}
