import EmbeddedBackend
import Foundation
import HeadlessFrontEnd
import Models

/// One launch of the app under the crash test: signs in if the session did not survive, then makes
/// messages and swipes (seeded), each run to its end on the virtual clock, until killed — or, when
/// draining, makes none and waits until everything queued reached the server.
@MainActor
struct CrashRun {
    let backend: CrashBackend
    let driver: HeadlessDriver<CrashBackend>
    let launch: Int
    private var random: SeededGenerator

    /// Makes launch `launch` over `folder`, its choices from `seed`.
    init(folder: CrashFolder, launch: Int, seed: UInt64) {
        self.launch = launch
        backend = CrashBackend(folder: folder, launch: launch)
        driver = HeadlessDriver(backend: backend)
        random = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(launch))
    }

    /// Launches the app and signs in through the screens if it shows login; `false` if home never shows.
    func start() -> Bool {
        driver.launch()
        if driver.screen?.id != .home {
            if driver.screen?.id == .welcome { try? driver.tap("Log in") }
            try? driver.type("alice", into: "Username or email")
            try? driver.type("wonderland", into: "Password")
            try? driver.tap("Log in")
        }
        return driver.screen?.id == .home
    }

    /// Makes up to `count` items, one at a time, each run to its end (its save waited for, its
    /// request answered); a second of virtual time passes every 25.
    mutating func make(_ count: Int) {
        guard let main = driver.mainFlow else { return }
        for sequence in 1...max(1, count) {
            let deck = main.deck.context
            if random.next() % 3 == 0, deck.state.top != nil {
                deck.swiped(random.next() % 2 == 0 ? .pass : .like)
            } else {
                let person = CrashBackend.matches[Int(random.next() % UInt64(CrashBackend.matches.count))]
                let text = "\(person.rawValue) L\(launch) #\(sequence)"
                _ = main.chat.send(text, to: Match.id(between: "alice", and: person))
            }
            driver.settle()
            if sequence % 25 == 0 { driver.advance(by: .seconds(1)) }
        }
    }

    /// Lets virtual time pass until no swipe or message waits; `false` if some still did after ten
    /// virtual minutes.
    func drain() -> Bool {
        guard let main = driver.mainFlow else { return false }
        for _ in 0..<600 {
            driver.settle()
            if main.deck.context.snapshot.queue.count == 0, main.chat.snapshot.outboxCount == 0 {
                return true
            }
            driver.advance(by: .seconds(1))
        }
        return false
    }
}
