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
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory)
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw .io(path: temporary.path, operation: "create", errno: errno) }
        var failure: StoreError?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .io(path: temporary.path, operation: "write", errno: errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = .io(path: temporary.path, operation: "fsync", errno: errno)
        }
        close(descriptor)
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw .io(path: url.path, operation: "rename", errno: code)
        }
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
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
        {
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: url.path, operation: "mkdir", errno: EIO)
        }
    }
}
