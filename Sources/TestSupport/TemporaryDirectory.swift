import Foundation

/// A fresh folder under the system's temporary folder, deleted when the value is released.
///
/// For tests: each test gets its own storage, so tests never share files or depend on order.
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder.
    public init(prefix: String = "discover-test") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Every file path under the folder, relative to it, sorted.
    public func filePaths() -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else {
            return []
        }
        var paths: [String] = []
        for case let file as URL in enumerator {
            paths.append(String(file.path.dropFirst(url.path.count + 1)))
        }
        return paths.sorted()
    }

    /// Every file's bytes under the folder, concatenated (for scanning for secrets).
    public func allContents() -> String {
        filePaths().compactMap { path in
            try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
        }.joined(separator: "\n")
    }
}
