import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owner-only files written atomically: a temporary file in the same folder, flushed, then renamed.
///
/// A reader sees the old contents or the new, never a mix; files are created with mode 0600 and
/// folders with 0700, so no other user can read a session or a user's data.
public enum AtomicFile {
    /// Writes `data` to `url` atomically with mode 0600, creating the folder (0700) if needed.
    public static func write(_ data: Data, to url: URL) throws(StoreError) {
        try write(data, toPath: url.path)
    }

    /// Writes `data` to the file at `path` atomically with mode 0600, creating the folder (0700) if
    /// needed.
    ///
    /// Works on the path text with POSIX calls: building and taking apart `URL`s and asking
    /// `FileManager` cost more than the write itself (about 60,000 instructions a write), and a store
    /// keeps its path.
    public static func write(_ data: Data, toPath path: String) throws(StoreError) {
        let (directory, name) = split(path)
        try createDirectory(atPath: directory)
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw .io(path: temporary, operation: "create", errno: errno) }
        var failure: StoreError?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .io(path: temporary, operation: "write", errno: errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = .io(path: temporary, operation: "fsync", errno: errno)
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .io(path: path, operation: "rename", errno: code)
        }
    }

    /// Deletes the file at `path`; succeeds when it does not exist.
    public static func removeFile(atPath path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .io(path: path, operation: "remove", errno: errno)
        }
    }

    /// The folder of a path and the name in it ("." for a bare name).
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let directory = path[..<slash]
        let name = String(path[path.utf8.index(after: slash)...])
        return (directory.isEmpty ? "/" : String(directory), name)
    }

    /// Reads a file; `nil` when it does not exist.
    public static func read(_ url: URL) throws(StoreError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .io(path: url.path, operation: "read", errno: EIO)
        }
    }

    /// Deletes a file or folder tree; succeeds when it does not exist.
    public static func remove(_ url: URL) throws(StoreError) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .io(path: url.path, operation: "remove", errno: EIO)
        }
    }

    /// Creates a folder tree whose new folders are owner-only (0700).
    public static func createDirectory(_ url: URL) throws(StoreError) {
        try createDirectory(atPath: url.path)
    }

    /// Creates the folder at `path` and any missing folders above it, each owner-only (0700); succeeds
    /// when it exists. One `mkdir` call when the folder is there already.
    public static func createDirectory(atPath path: String) throws(StoreError) {
        if mkdir(path, 0o700) == 0 { return }
        switch errno {
        case EEXIST:
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw .io(path: path, operation: "mkdir", errno: ENOTDIR)
            }
        case ENOENT:
            let parent = split(path).directory
            guard parent != path, parent != "." else {
                throw .io(path: path, operation: "mkdir", errno: ENOENT)
            }
            try createDirectory(atPath: parent)
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw .io(path: path, operation: "mkdir", errno: errno)
            }
        default:
            throw .io(path: path, operation: "mkdir", errno: errno)
        }
    }
}
