import Foundation
import Services

/// The folder `discover serve` keeps its world and its browser sessions in: `world.json` (the
/// embedded world, ``WorldStore``) and `sessions/<id>/` (each session's engine files).
///
/// Given with `--data <folder>` it outlives the server, so a restart finds the world and every
/// session; without it the server makes a temporary one and removes it when it stops. The folder and
/// everything in it is owner-only (folders 0700, files 0600).
public struct WebDataFolder: Hashable, Sendable {
    /// The folder.
    public let url: URL
    /// Whether the server made it for this run only (removed when it stops).
    public let isTemporary: Bool

    /// The folder at `url`, made (0700) if missing and made owner-only if it is there.
    public static func at(_ url: URL) throws(WebDataError) -> WebDataFolder {
        let folder = WebDataFolder(url: url.standardizedFileURL, isTemporary: false)
        try folder.prepare()
        return folder
    }

    /// A fresh temporary folder, for one run.
    public static func temporary() throws(WebDataError) -> WebDataFolder {
        let name = "discover-serve-" + UUID().uuidString.lowercased()
        let folder = WebDataFolder(
            url: FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true),
            isTemporary: true)
        try folder.prepare()
        return folder
    }

    /// The embedded world's file.
    public var worldFileURL: URL { url.appendingPathComponent("world.json", isDirectory: false) }

    /// The folder holding one folder per browser session.
    public var sessionsURL: URL { url.appendingPathComponent("sessions", isDirectory: true) }

    /// The folder of the browser session `id`, or `nil` when `id` is not a session id.
    ///
    /// An id comes from the browser, so it is hostile: only the form the server makes (a UUID in
    /// lowercase, 36 characters of hex digits and hyphens) names a folder; anything else (a `..`, a
    /// slash, an encoded character, another spelling of a UUID) names none.
    public func sessionDirectory(for id: String) -> URL? {
        guard Self.isSessionID(id) else { return nil }
        return sessionsURL.appendingPathComponent(id, isDirectory: true)
    }

    /// Whether `id` is of the form the server makes: a UUID in lowercase.
    public static func isSessionID(_ id: String) -> Bool {
        guard id.utf8.count == 36, let uuid = UUID(uuidString: id) else { return false }
        return uuid.uuidString.lowercased() == id
    }

    /// Makes the folder and `sessions/` owner-only, creating them if missing.
    private func prepare() throws(WebDataError) {
        do {
            try AtomicFile.createDirectory(sessionsURL)
        } catch {
            throw .cannotUse(path: url.path, reason: "cannot make the folder (\(error))")
        }
        for folder in [url, sessionsURL] {
            guard chmod(folder.path, 0o700) == 0 else {
                throw .cannotUse(path: folder.path, reason: "cannot make it owner-only (errno \(errno))")
            }
        }
    }
}
