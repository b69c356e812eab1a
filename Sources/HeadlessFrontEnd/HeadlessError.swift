import Models

/// Why the headless front end could not do what a caller asked.
public enum HeadlessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing is shown yet.
    case nothingShown
    /// No action with that label on the current screen or alert; the labels that exist.
    case noSuchAction(String, available: [String])
    /// The action exists but is disabled.
    case actionDisabled(String)
    /// No field with that label on the current screen; the labels that exist.
    case noSuchField(String, available: [String])
    /// An alert with this title is shown: nothing under it can be typed into until it is answered.
    case alertShown(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .nothingShown:
            "Nothing is shown yet."
        case .noSuchAction(let label, let available):
            "No button \"\(label)\" here. Buttons: \(available.map { "\"\($0)\"" }.joined(separator: ", "))."
        case .actionDisabled(let label):
            "The button \"\(label)\" is disabled."
        case .noSuchField(let label, let available):
            "No field \"\(label)\" here. Fields: \(available.map { "\"\($0)\"" }.joined(separator: ", "))."
        case .alertShown(let title):
            "The alert \"\(title)\" is shown: answer it first."
        }
    }
}
