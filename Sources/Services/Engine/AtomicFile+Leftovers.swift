import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a crash or a bad file leaves behind: temporary files of writes that never finished, and
/// files that cannot be read, moved aside rather than overwritten.
extension AtomicFile {
    /// Whether `entry` names a temporary file of ``write(_:toPath:)`` (`.<name>.<pid>.<random>.tmp`),
    /// and if so, of which file and process.
    public static func temporaryFile(_ entry: String) -> (name: String, process: Int32)? {
        guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { return nil }
        let parts = entry.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let process = Int32(parts[parts.count - 2]),
            UInt64(parts[parts.count - 1]) != nil
        else { return nil }
        let name = parts.dropLast(2).joined(separator: ".")
        return name.isEmpty ? nil : (name, process)
    }

    /// Removes the temporary files a crashed write left in the folder at `directory`: those of the
    /// file named `name` (of every file when `nil`), except the ones process `sparing` may still be
    /// writing. Answers the names removed; a missing folder has none.
    ///
    /// Call it where no write of this process to the folder is under way (on a ``DiskWriter``'s
    /// queue), or spare this process's files.
    @discardableResult
    public static func removeTemporaryFiles(
        inDirectory directory: String, of name: String? = nil, sparing: Int32? = nil
    ) throws(StoreError) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries.sorted() {
            guard let temporary = temporaryFile(entry), name == nil || temporary.name == name,
                temporary.process != sparing
            else { continue }
            try removeFile(atPath: directory + "/" + entry)
            removed.append(entry)
        }
        return removed
    }

    /// Moves the file at `path` aside, to the first free `<path>.unreadable-<n>` (n from 1), owner-only;
    /// answers where it went.
    ///
    /// Nothing is overwritten: a file moved aside before keeps its place. The folder is flushed after.
    public static func moveAside(_ path: String) throws(StoreError) -> String {
        var number = 1
        while FileManager.default.fileExists(atPath: "\(path).unreadable-\(number)") { number += 1 }
        let target = "\(path).unreadable-\(number)"
        guard rename(path, target) == 0 else { throw .io(path: path, operation: "move aside", errno: errno) }
        guard chmod(target, 0o600) == 0 else { throw .io(path: target, operation: "chmod", errno: errno) }
        try syncDirectory(atPath: split(path).directory)
        return target
    }
}
