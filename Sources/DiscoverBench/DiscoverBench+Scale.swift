import Contexts
import EmbeddedBackend
import Flows
import Foundation
import Headless
import Models
import Observation
import Services

extension DiscoverBench {
    // MARK: 3. Scale

    static func deckScale(smoke: Bool) {
        print("\n== 3a. a deck over a large pool (embedded server, ranking, paging, refills)")
        let sizes = smoke ? [10_000] : [10_000, 100_000, 1_000_000]
        for size in sizes {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let before = BenchHarness.residentBytes()
            let backend = EmbeddedBackend(
                storageDirectory: directory,
                configuration: EmbeddedServerConfiguration(candidatePoolSize: size, dailyLikeLimit: 1_000_000)
            )
            backend.addDemoAccounts()
            let app = HeadlessApp(backend: backend)
            app.launch()
            do {
                try app.tap("Log in")
                try app.type("alice", into: "Username or email")
                try app.type("wonderland", into: "Password")
                let start = BenchHarness.now()
                try app.tap("Log in")
                let firstCard = BenchHarness.now() - start
                let swipes = smoke ? 200 : 2_000
                let swipeStart = BenchHarness.now()
                for _ in 0..<swipes { try app.tap("Pass") }
                let perSwipe = Double(BenchHarness.now() - swipeStart) / Double(swipes)
                print(
                    "pool \(String(size).padding(toLength: 9, withPad: " ", startingAt: 0)) sign-in to first card \(BenchHarness.format(Double(firstCard)))  per swipe (with refills) \(BenchHarness.format(perSwipe))  memory +\(BenchHarness.megabytes(BenchHarness.residentBytes() - before))  positions scanned \(backend.server.positionsScanned)"
                )
            } catch {
                print("pool \(size): \(error)")
            }
        }
    }

    static func chatScale(smoke: Bool) {
        print("\n== 3b. chat with many conversations and messages (embedded server + chat context + list)")
        let shapes =
            smoke
            ? [(100, 100)] : [(100, 100), (1_000, 100), (10_000, 100), (100_000, 10), (1_000_000, 1)]
        for (conversations, each) in shapes {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let before = BenchHarness.residentBytes()
            let backend = EmbeddedBackend(
                storageDirectory: directory,
                configuration: EmbeddedServerConfiguration(candidatePoolSize: conversations))
            backend.addDemoAccounts()
            backend.server.seedConversations(for: "alice", count: conversations, messagesEach: each)
            let services = backend.makeServices()
            let session = HeadlessBenchSession(backend: backend, services: services)
            guard session.signIn() else {
                print("could not sign in")
                continue
            }
            let openStart = BenchHarness.now()
            session.chat?.loadHistory(of: "m-alice-c0", older: false)
            backend.scheduler.runDue()
            let open = BenchHarness.now() - openStart
            let messages = smoke ? 200 : 2_000
            var client: UInt64 = 0
            let start = BenchHarness.now()
            for index in 0..<messages {
                _ = try? backend.server.sendMessage(
                    from: CandidateGenerator.id(of: index % conversations), to: "alice", "hi")
                let delivered = BenchHarness.now()
                backend.scheduler.runDue()
                client += BenchHarness.now() - delivered
            }
            let perMessage = Double(BenchHarness.now() - start) / Double(messages)
            let perMessageClient = Double(client) / Double(messages)
            print(
                "\(conversations) conversations × \(each) = \(conversations * each) messages: per incoming message (list re-ordered, unread counted) \(BenchHarness.format(perMessage)), of which the client (chat context, list, observers) \(BenchHarness.format(perMessageClient))  open + page 50 \(BenchHarness.format(Double(open)))  memory +\(BenchHarness.megabytes(BenchHarness.residentBytes() - before))"
            )
        }
    }

    // MARK: 4. Many sessions

    static func manySessions(smoke: Bool) {
        print("\n== 4. many signed-in engines in one process")
        let count = smoke ? 200 : 10_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = EmbeddedBackend(
            storageDirectory: directory,
            configuration: EmbeddedServerConfiguration(passwordRounds: 1, candidatePoolSize: 50))
        backend.addDemoAccounts()
        backend.scheduler.runDue()
        let before = BenchHarness.residentBytes()
        let heapBefore = BenchHarness.liveHeapBytes() ?? 0
        var sessions: [HeadlessBenchSession] = []
        for index in 0..<count {
            let folder = directory.appendingPathComponent("s\(index)")
            let device = EmbeddedBackend(sharing: backend, storageDirectory: folder)
            let session = HeadlessBenchSession(backend: device, services: device.makeServices())
            _ = session.signIn()
            sessions.append(session)
        }
        let signedIn = BenchHarness.residentBytes()
        let heapSignedIn = BenchHarness.liveHeapBytes() ?? 0
        for session in sessions { session.logout() }
        sessions = []
        backend.scheduler.runDue()
        let after = BenchHarness.residentBytes()
        let heapAfter = BenchHarness.liveHeapBytes() ?? 0
        BenchHarness.trimHeap()
        let trimmed = BenchHarness.residentBytes()
        func perSession(_ bytes: Int) -> String {
            String(format: "%.1f KB", Double(bytes) / Double(count) / 1024)
        }
        print(
            "\(count) sessions, resident set: \(BenchHarness.megabytes(signedIn - before)) in all (\(perSession(signedIn - before)) per session); after logging all out \(BenchHarness.signedMegabytes(after - before)) over the start, \(BenchHarness.signedMegabytes(trimmed - before)) after malloc_trim(0)"
        )
        print(
            "\(count) sessions, live heap: \(BenchHarness.megabytes(heapSignedIn - heapBefore)) in all (\(perSession(heapSignedIn - heapBefore)) per session); after logging all out \(BenchHarness.signedMegabytes(heapAfter - heapBefore)) over the start"
        )
    }

}
