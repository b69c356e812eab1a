import Foundation

/// Finds scenario files: the files given, and every `.scenario` file under the folders given.
public enum ScenarioFiles {
    /// The files, in the order given, each folder's files sorted by path; an error for a path that
    /// does not exist.
    public static func collect(_ paths: [String]) -> Result<[String], ScenarioRunError> {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(ScenarioRunError("no such file or folder: \(path)"))
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".scenario") }
                .sorted()
                .map { base + "/" + $0 }
            files += found
        }
        return .success(files)
    }
}
