import Foundation

/// Golden outputs: text a test compares with a file kept in the repository, which one command
/// rewrites when a change is meant (`Scripts/regenerate-goldens`).
///
/// With `DISCOVER_REGENERATE_GOLDENS=1` in the environment, ``expected(_:at:)`` writes what the code
/// produced into the file and hands it back, so the test passes and `git diff` shows what changed;
/// otherwise it reads the file.
public enum Golden {
    /// Whether this run rewrites golden files instead of comparing with them.
    public static var isRegenerating: Bool {
        ProcessInfo.processInfo.environment["DISCOVER_REGENERATE_GOLDENS"] == "1"
    }

    /// The golden text at `url`: what is kept there, or `actual` once written there when regenerating.
    ///
    /// - Throws: when the file cannot be read (or written).
    public static func expected(_ actual: String, at url: URL) throws -> String {
        guard isRegenerating else { return try String(contentsOf: url, encoding: .utf8) }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url, options: .atomic)
        return actual
    }
}
