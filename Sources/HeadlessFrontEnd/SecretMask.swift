/// How everything headless hides a secret: the text typed into a secure field, and the password of a
/// `given user` step.
///
/// A non-empty secret is shown as ``mask`` (`•••`) whatever its length, so not even the length leaks;
/// an empty one is shown empty (nothing was typed, nothing to hide). Whether typed text is secret is
/// decided by the field (``GenericScreens/ScreenField/isSecure``), never by its label, so every secure field is
/// covered; a `type` step whose field is not on the screen is hidden too, since it may have been meant
/// for a secure one. Screens, transcripts (text and JSON), failure reports (text and JUnit), syntax
/// errors, `discover play`'s echo and its recordings all go through here (the scenario language
/// finds the secrets in its steps and lines in `Scenarios`).
public enum SecretMask {
    /// What a non-empty secret is shown as: three bullets, whatever its length.
    public static let mask = "•••"

    /// A secret as shown: ``mask``, or empty when the secret is empty.
    public static func masked(_ secret: String) -> String { secret.isEmpty ? "" : mask }
}
