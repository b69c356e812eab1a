import Foundation
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `discover-crash-driver`: the app on the default file stores, made to be killed.
///
/// - `run FOLDER [--seed N] [--items N]`: one launch over FOLDER: signs in if needed, then makes
///   messages and swipes (seeded by N and the launch number) until killed, or until it made `--items`
///   (default 100,000), then drains and exits 0.
/// - `drain FOLDER`: one launch that makes nothing and waits until every queued item reached the
///   server; exits 1 if some did not.
/// - `check FOLDER [--kills N]`: prints the counts (launches, items made, delivered, duplicates, lost,
///   out of order, unreadable and temporary files) and exits 1 unless every item made was delivered
///   exactly once, in order, with no file left unreadable and no temporary file left.
///
/// `Scripts/crash-test` runs it: launches killed with SIGKILL at random moments, then a drain and a
/// check. See Docs/CrashTest.md.
@main
@MainActor
enum CrashDriver {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else { usage() }
        let command = arguments.removeFirst()
        let folder = CrashFolder(root: URL(fileURLWithPath: arguments.removeFirst(), isDirectory: true))
        var options: [String: Int] = [:]
        while arguments.count >= 2, arguments[0].hasPrefix("--"), let value = Int(arguments[1]) {
            options[String(arguments[0].dropFirst(2))] = value
            arguments.removeFirst(2)
        }
        guard arguments.isEmpty else { usage() }
        switch command {
        case "run": exit(run(folder, seed: options["seed"] ?? 22, items: options["items"] ?? 100_000))
        case "drain": exit(run(folder, seed: 0, items: 0))
        case "check":
            let counts = CrashCheck(folder: folder).counts()
            print(CrashCheck.line(counts, kills: options["kills"]))
            exit(counts.passed ? 0 : 1)
        default: usage()
        }
    }

    /// One launch: makes `items` (none: only drains), then drains; the exit status.
    static func run(_ folder: CrashFolder, seed: Int, items: Int) -> Int32 {
        let launch: Int
        do throws(StoreError) {
            launch = try folder.beginLaunch()
        } catch {
            printError("cannot count the launch: \(error)")
            return 1
        }
        var run = CrashRun(folder: folder, launch: launch, seed: UInt64(truncatingIfNeeded: seed))
        guard run.start() else {
            printError("launch \(launch): home never showed (\(String(describing: run.driver.screen?.id)))")
            return 1
        }
        if items > 0 { run.make(items) }
        guard run.drain() else {
            printError("launch \(launch): items still queued after ten virtual minutes")
            return 1
        }
        return 0
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data("discover-crash-driver: \(text)\n".utf8))
    }

    static func usage() -> Never {
        printError("usage: discover-crash-driver run|drain|check FOLDER [--seed N] [--items N] [--kills N]")
        exit(2)
    }
}
