import Foundation

/// What the parent of a load run tells each driver process: the run's options, which driver it is,
/// the namespace and folder the run lives in, and when the day starts.
public struct LoadAssignment: Hashable, Sendable {
    /// The run's options.
    public var options: LoadOptions
    /// This driver's number, from 0: it plays the people whose index leaves this remainder.
    public var driver: Int
    /// The namespace every account and the pool of the run are in.
    public var namespace: String
    /// The run's folder: each person's files, the drivers' meeting points and reports.
    public var folder: URL
    /// When the day starts, in seconds since 1970.
    public var start: Double

    /// Creates an assignment.
    public init(options: LoadOptions, driver: Int, namespace: String, folder: URL, start: Double) {
        self.options = options
        self.driver = driver
        self.namespace = namespace
        self.folder = folder
        self.start = start
    }

    /// The people this driver plays.
    public var people: [Int] { (0..<options.people).filter { $0 % options.drivers == driver } }

    /// The file this driver writes its report to.
    public static func reportFile(in folder: URL, driver: Int) -> URL {
        folder.appendingPathComponent("report-\(driver).json")
    }

    /// The file this driver lists its people's sent messages and ended matches in.
    public static func sentFile(in folder: URL, driver: Int) -> URL {
        folder.appendingPathComponent("sent-\(driver).json")
    }
}
