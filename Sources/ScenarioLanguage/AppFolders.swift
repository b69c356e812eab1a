import Foundation
import Models
import Services

/// Where an app keeps its files, for the scenario steps that damage them or look into them.
///
/// The session file sits in ``root``; each user's swipe queue and outbox in ``user``'s folder.
public struct AppFolders: Sendable {
    /// What the temporary files left by `crash leaves temporary files` hold (a stand-in for the
    /// tokens a session's would): once they are cleaned up, no file of the app may hold it.
    public static let leftoverText = "leftover-access-token"

    /// The folder of the session file, above every user's folder.
    public let root: URL
    /// The file of the stored session.
    public let sessionFile: URL
    /// A user's folder.
    public let user: @Sendable (UserID) -> URL

    /// Creates the folders of an app storing under `root`.
    public init(root: URL, sessionFile: URL, user: @escaping @Sendable (UserID) -> URL) {
        self.root = root
        self.sessionFile = sessionFile
        self.user = user
    }

    /// The file `file` of `owner`.
    public func url(of file: AppFile, for owner: UserID) -> URL {
        let name =
            switch file {
            case .swipeQueue: FileUserDataStore.swipeQueueFileName
            case .outbox: FileUserDataStore.outboxFileName
            }
        return user(owner).appendingPathComponent(name)
    }

    /// Cuts the last item of `owner`'s `file` in half, as a write torn by a crash or a bad disk
    /// leaves it; an error when the file holds nothing to damage.
    public func damage(_ file: AppFile, of owner: UserID) throws(ScenarioRunError) {
        let url = url(of: file, for: owner)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ScenarioRunError("\(owner)'s \(file.rawValue) is not on disk")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let last = lines.popLast(), last.count > 1 else {
            throw ScenarioRunError("\(owner)'s \(file.rawValue) holds nothing to damage")
        }
        lines.append(String(last.prefix(last.count / 2)))
        do {
            try Data(lines.joined(separator: "\n").utf8).write(to: url)
        } catch {
            throw ScenarioRunError("could not damage \(owner)'s \(file.rawValue): \(error)")
        }
    }

    /// Leaves temporary files of writes a crash cut short beside the session file and `owner`'s
    /// swipe queue and outbox, each holding ``leftoverText``.
    public func leaveTemporaryFiles(of owner: UserID) throws(ScenarioRunError) {
        let targets = [sessionFile, url(of: .swipeQueue, for: owner), url(of: .outbox, for: owner)]
        for (index, target) in targets.enumerated() {
            let folder = target.deletingLastPathComponent()
            let name = AtomicFile.temporaryName(
                of: target.lastPathComponent, process: 999_999, random: UInt64(index + 1))
            do {
                try AtomicFile.createDirectory(folder)
                try Data("{\"accessToken\":\"\(Self.leftoverText)\"}".utf8)
                    .write(to: folder.appendingPathComponent(name))
            } catch {
                throw ScenarioRunError(
                    "could not leave a temporary file in \(folder.lastPathComponent): \(error)")
            }
        }
    }

    /// The app's files (paths under ``root``) that are temporary files of a write, or hold
    /// ``leftoverText``.
    public var leftovers: [String] {
        let base = root.standardizedFileURL.path
        guard let paths = FileManager.default.subpaths(atPath: base) else { return [] }
        return paths.sorted().filter { path in
            let name = (path as NSString).lastPathComponent
            if AtomicFile.temporaryFile(name) != nil { return true }
            guard let data = FileManager.default.contents(atPath: base + "/" + path) else { return false }
            return String(decoding: data, as: UTF8.self).contains(Self.leftoverText)
        }
    }

    /// The unreadable files moved aside in `owner`'s folder.
    public func filesSetAside(of owner: UserID) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: user(owner).path)) ?? []
        return entries.filter { $0.contains(".unreadable-") }.sorted()
    }
}
