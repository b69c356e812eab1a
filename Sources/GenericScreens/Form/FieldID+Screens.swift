import Models

/// Every text field a flow shows, as public constants grouped by the screen that shows them.
extension FieldID {
    /// The sign-in and sign-up forms (sign-in shows ``username`` and ``password`` only).
    public enum LogIn {
        /// "Username" (sign-up) or "Username or email" (sign-in).
        public static let username: FieldID = "username"
        /// "Email (optional)".
        public static let email: FieldID = "email"
        /// "Password" (secure).
        public static let password: FieldID = "password"
        /// "Display name".
        public static let displayName: FieldID = "displayName"
        /// "Birth date" (YYYY-MM-DD).
        public static let birthDate: FieldID = "birthDate"
    }

    /// Profile set-up and the preferences editor (which shows the last three).
    public enum Profile {
        /// "Bio".
        public static let bio: FieldID = "bio"
        /// "Minimum age".
        public static let minimumAge: FieldID = "minimumAge"
        /// "Maximum age".
        public static let maximumAge: FieldID = "maximumAge"
        /// "Maximum distance (km)".
        public static let maximumDistance: FieldID = "maximumDistance"
    }

    /// A conversation.
    public enum Chat {
        /// "Message": the draft.
        public static let message: FieldID = "message"
    }
}
