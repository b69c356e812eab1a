import Models

/// The words the generic form shows for typed values: field errors, banners and notices, in one place.
public enum Copy {
    /// What a field error says; a sign-in identifier's invalid value asks for a username or email.
    public static func message(for error: FieldError, signInIdentifier: Bool = false) -> String {
        switch error {
        case .required: "Required"
        case .invalidUsername:
            signInIdentifier
                ? "Enter your username or email"
                : "Use 3–30 letters, digits, dots, dashes or underscores"
        case .invalidEmail: "Enter a valid email address"
        case .tooShort(let minimum): "Use at least \(minimum) characters"
        case .tooLong(let maximum): "Use at most \(maximum) characters"
        case .invalidDate: "Use the form YYYY-MM-DD"
        case .dateInFuture: "That date is in the future"
        case .underage(let minimumAge): "You must be at least \(minimumAge) to use Discover"
        case .notANumber: "Enter a whole number"
        case .outOfRange(let range): "Enter a number from \(range.lowerBound) to \(range.upperBound)"
        case .minimumAboveMaximum: "The minimum age is above the maximum"
        case .tooMany(let maximum): "Pick at most \(maximum)"
        case .notAllowed: "Pick from the list"
        case .taken: "That username is taken"
        }
    }

    /// Why the user is signed out, as a notice.
    public static func notice(for reason: SignedOutReason) -> String {
        switch reason {
        case .loggedOut: "You're logged out."
        case .sessionExpired: "Your session expired. Please log in again."
        case .sessionRevoked: "You were signed out. Please log in again."
        case .storedSessionUnreadable: "We couldn't restore your session. Please log in."
        }
    }

    /// What a failed request says, with the wait left after too many attempts.
    public static func banner(for failure: RequestFailure, secondsRemaining: Int = 0) -> String {
        switch failure {
        case .wrongCredentials: "Wrong username or password."
        case .rateLimited: "Too many attempts. Try again in \(clock(secondsRemaining))."
        case .offline: "You're offline. Check your connection and try again."
        case .server(let message): "Something went wrong (\(message)). Please try again."
        }
    }

    /// What the deck says of a like the server refused for good: whose, and why.
    public static func refused(_ refusal: SwipeRefusal) -> String {
        let swipe = refusal.action == .superLike ? "super like" : "like"
        let whose = refusal.name.map { "Your \(swipe) for \($0)" } ?? "Your \(swipe)"
        let reason = refusal.reason.hasSuffix(".") ? refusal.reason : refusal.reason + "."
        return "\(whose) wasn't sent: \(reason)"
    }

    /// Seconds as `m:ss`.
    public static func clock(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let rest = seconds % 60
        return "\(minutes):" + (rest < 10 ? "0\(rest)" : "\(rest)")
    }
}
