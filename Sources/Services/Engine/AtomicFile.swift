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
    /// The data goes to a new temporary file beside the target (created owner-only), is flushed to
    /// the disk with `fsync`, then renamed over the target.
    public static func write(_ data: Data, toPath path: String) throws(StoreError) {
        let (directory, name) = split(path)
        try createDirectory(atPath: directory)
        let random = UInt64.random(in: 0...UInt64.max)
        let temporary = directory + "/" + temporaryName(of: name, process: getpid(), random: random)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw .io(path: temporary, operation: "create", errno: errno) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var operation = "write"
        do {
            try file.write(contentsOf: data)
            operation = "fsync"
            try file.synchronize()
            operation = "close"
            try file.close()
        } catch {
            try? file.close()
            unlink(temporary)
            throw .io(path: temporary, operation: operation, errno: errorNumber(of: error))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .io(path: path, operation: "rename", errno: code)
        }
        try syncDirectory(atPath: directory)
    }

    /// The name of a temporary file of `name` written by process `process`: `.<name>.<pid>.<random>.tmp`.
    public static func temporaryName(of name: String, process: Int32, random: UInt64) -> String {
        ".\(name).\(process).\(random).tmp"
    }

    /// Flushes a folder's entries to the disk (`fsync` on the folder), so a rename or a new file in it
    /// survives a power cut; a file system that cannot flush folders (`EINVAL`) is left as it is.
    public static func syncDirectory(atPath path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw .io(path: path, operation: "open folder", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw .io(path: path, operation: "fsync folder", errno: errno)
        }
    }

    /// The POSIX error number behind a Foundation file error (`EIO` when it names none).
    private static func errorNumber(of error: any Error) -> Int32 {
        let failure = error as NSError
        if failure.domain == NSPOSIXErrorDomain { return Int32(failure.code) }
        if let underlying = failure.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        return EIO
    }

    /// Deletes the file at `path`; succeeds when it does not exist.
    public static func removeFile(atPath path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .io(path: path, operation: "remove", errno: errno)
        }
    }

    /// The folder of a path and the name in it ("." for a bare name).
    static func split(_ path: String) -> (directory: String, name: String) {
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

    /// Reads at most `limit` bytes of a file, so a hostile file costs no more; `nil` when it does not
    /// exist.
    ///
    /// Ask for one byte more than a form allows to tell a file too large from one that fits.
    public static func read(_ url: URL, atMost limit: Int) throws(StoreError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.read(upToCount: max(0, limit)) ?? Data()
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
    /// when it exists.
    ///
    /// One `mkdir` call when the folder is there already.
    public static func createDirectory(atPath path: String) throws(StoreError) {
        if mkdir(path, 0o700) == 0 { return try syncDirectory(atPath: split(path).directory) }
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
            if mkdir(path, 0o700) == 0 { return try syncDirectory(atPath: parent) }
            guard errno == EEXIST else { throw .io(path: path, operation: "mkdir", errno: errno) }
        default:
            throw .io(path: path, operation: "mkdir", errno: errno)
        }
    }
}
