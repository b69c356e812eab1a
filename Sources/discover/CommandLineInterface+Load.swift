import Foundation
import LoadRun

extension CommandLineInterface {
    /// `discover load`: many people at once on a local homeserver (``LoadRun/LoadRunner``).
    func load(_ arguments: CommandArguments) -> Int32 {
        guard arguments.positionals.isEmpty else { return usageError("load", "load takes no files") }
        switch parseLoadOptions(arguments) {
        case .failure(let invalid): return usageError("load", invalid.message)
        case .success(let options):
            let runner = LoadRunner(
                options: options, executable: Self.ownExecutable, output: output, errors: errors)
            return runner.run()
        }
    }

    /// `discover load-driver` (not listed): one driver process of a load run, started by `load`.
    func loadDriver(_ arguments: CommandArguments) -> Int32 {
        let options: LoadOptions
        switch parseLoadOptions(arguments) {
        case .failure(let invalid): return usageError("load", invalid.message)
        case .success(let parsed): options = parsed
        }
        guard let driver = arguments.values["driver"].flatMap({ Int($0) }),
            (0..<options.drivers).contains(driver),
            let namespace = arguments.values["namespace"], !namespace.isEmpty,
            namespace.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            let folder = arguments.values["folder"], folder.hasPrefix("/"),
            let start = arguments.values["start"].flatMap({ Double($0) }), start.isFinite
        else {
            return usageError("load", "load-driver needs --driver, --namespace, --folder and --start")
        }
        let assignment = LoadAssignment(
            options: options, driver: driver, namespace: namespace,
            folder: URL(fileURLWithPath: folder, isDirectory: true), start: start)
        return LoadDriver(assignment: assignment, log: errors).run()
    }

    private func parseLoadOptions(_ arguments: CommandArguments) -> Result<LoadOptions, LoadOptions.Invalid> {
        LoadOptions.parse(
            homeserver: arguments.values["homeserver"], people: arguments.values["people"],
            minutes: arguments.values["minutes"], seed: arguments.values["seed"],
            drivers: arguments.values["drivers"])
    }

    /// This executable, to start the drivers with.
    static var ownExecutable: URL {
        let link = URL(fileURLWithPath: "/proc/self/exe")
        if FileManager.default.fileExists(atPath: link.path) { return link.resolvingSymlinksInPath() }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The help of `discover load`.
    static let loadHelp = """
        usage: discover load --homeserver <url> [--people N] [--minutes M] [--seed S] [--drivers K]

        N people (default 10), each a whole engine with its own files, live a seeded day of M minutes
        (default 1) on a homeserver on this machine (127.0.0.1 or localhost; any other is refused):
        sign up and set up a profile, swipe (likes that cross, super likes, rewinds), chat in bursts
        with their matches, go offline and come back, relaunch, unmatch now and then. They are spread
        over K driver processes (default one per 25 people, at most 8). At the end it checks, through
        each person's app and through the server, that every message is shown once and in order to
        both sides, that matches are seen by both and ended ones by neither, that unread counts and
        receipts agree and that no queue holds an item; then prints one table. Exit code 0 when all
        holds, 1 when anything was lost, duplicated, reordered or left behind (each problem printed),
        2 for a usage error.

        options:
          --homeserver <url>   the homeserver, e.g. http://127.0.0.1:8008 (Scripts/synapse url)
          --people <n>         how many people, 2 to 2000 (default 10)
          --minutes <m>        the day's length in minutes (default 1; at least half a minute is planned)
          --seed <s>           the seed of the day's plan (default 1): the same seed, the same day
          --drivers <k>        how many driver processes
          -h, --help           show this help
        """
}
