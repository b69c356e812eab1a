import Foundation

/// `discover-bench`: what the engine costs, each figure beside a hand-written baseline where one
/// exists, measured in the same run; reported, never held to a ratio to that baseline.
///
/// 1. `machinery`: flow → context → `StateStore.update` → observers on a toy state, beside the same
///    written by hand.
/// 2. `deck`: a swipe through `DeckFlow` + `DeckContext`, beside a hand-written deck.
/// 3. `journey`: launch → login → 20 swipes → match → 10 messages → logout with stores in memory,
///    and with the default file stores beside it.
/// 4. `scale`: chat at 10k to 1M messages, the deck over 1M candidates and the send queue holding
///    3,000 items, per operation; the one verdict: an operation at 1M costs at most 2× what it costs
///    at 10k.
///
/// `swift run -c release discover-bench` runs them all; `--only SECTION` one; `--smoke` everything
/// with tiny sizes (CI, to keep it working; its figures mean nothing); `--json` prints the figures
/// as JSON instead of tables. Exits 1 when a check fails (a side did not do its work), never for
/// a figure or a growth check.
@main
@MainActor
enum DiscoverBench {
    static let sections: [(name: String, run: @MainActor (Report, Bool) -> Bool)] = [
        ("machinery", { Machinery.run($0, smoke: $1) }),
        ("deck", { DeckSwipe.run($0, smoke: $1) }),
        ("journey", { Journey.run($0, smoke: $1) }),
        ("scale", { Scale.run($0, smoke: $1) }),
    ]

    static func main() {
        var smoke = false
        var json = false
        var only: String?
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--smoke": smoke = true
            case "--json": json = true
            case "--only" where sections.contains { $0.name == arguments.first }: only = arguments.popFirst()
            default:
                print("discover-bench: unexpected argument \(argument)")
                print(
                    "usage: discover-bench [--smoke] [--json] [--only \(sections.map(\.name).joined(separator: "|"))]"
                )
                exit(2)
            }
        }
        let report = Report(judges: !smoke && !isDebugBuild, json: json)
        if !json {
            print(
                "discover-bench\(smoke ? " --smoke" : "")\(isDebugBuild ? " (debug build)" : ""), "
                    + "\(ProcessInfo.processInfo.activeProcessorCount) cores; medians, each side's runs taken in turn"
            )
            if !report.judges {
                print("(no verdicts: the figures of a smoke run or a debug build mean nothing)")
            }
        }
        for section in sections where only == nil || only == section.name {
            guard section.run(report, smoke) else { exit(1) }
        }
        report.finish()
    }

    static var isDebugBuild: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }
}
