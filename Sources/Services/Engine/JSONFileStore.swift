import Foundation

/// One `Codable` value in one owner-only JSON file, written atomically.
public struct JSONFileStore<Value: Codable & Sendable>: Sendable {
    /// The file.
    public let fileURL: URL
    /// The file's path.
    private let path: String

    /// Creates a store on `fileURL`; nothing is touched until the first call.
    public init(fileURL: URL) {
        self.fileURL = fileURL
        path = fileURL.path
    }

    /// The stored value, `nil` when the file does not exist.
    public func load() throws(StoreError) -> Value? {
        guard let data = try AtomicFile.read(fileURL) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "not a \(Value.self) file (\(data.count) bytes)")
        }
    }

    /// Replaces the stored value.
    public func save(_ value: Value) throws(StoreError) {
        try AtomicFile.write(try encode(value), toPath: path)
    }

    /// The file's bytes for `value` (JSON, keys sorted).
    public func encode(_ value: Value) throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw .unreadable(path: path, reason: "could not encode \(Value.self)")
        }
    }

    /// Deletes the file if it exists.
    public func delete() throws(StoreError) { try AtomicFile.removeFile(atPath: path) }
}
