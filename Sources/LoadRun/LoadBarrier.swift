import Foundation

/// A meeting point of a load run's driver processes, as files in the run's folder: each driver marks
/// a phase done (``arrive(_:)``) and waits until every driver has (``everyoneArrived(at:)``).
struct LoadBarrier {
    /// The run's folder.
    let folder: URL
    /// How many drivers meet.
    let drivers: Int
    /// This driver's number.
    let driver: Int

    /// Marks `phase` done by this driver.
    func arrive(_ phase: String) {
        let file = folder.appendingPathComponent("\(phase)-\(driver).done")
        _ = FileManager.default.createFile(
            atPath: file.path, contents: Data(), attributes: [.posixPermissions: 0o600])
    }

    /// Whether every driver marked `phase` done.
    func everyoneArrived(at phase: String) -> Bool {
        (0..<drivers).allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(phase)-\($0).done").path)
        }
    }
}
