import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The client's peak memory against a homeserver answering 400 MB, on a machine kept busy: each
/// attempt is the `discover-memory-probe` executable (one `MatrixHTTPClient` request with the default
/// 8 MiB answer cap) in a process of its own, which prints its peak resident memory as the kernel
/// counted it (`VmHWM`; not `wait4`'s `ru_maxrss`, which on Linux carries this test process's own
/// peak into the child across `exec`), while two threads of this process keep both CPUs spinning.
///
/// The attempts take turns over the three ways a body can be framed: a declared 400 MB
/// `Content-Length` (refused at the headers), no length (read until the connection closes) and a
/// chunked body, the last two 400 MB that the server really streams, 1 MiB at a time: 20 attempts,
/// each printing its peak (about a second in all: the client stops reading at the cap). Before the
/// client had a transport of its own for `http`, `URLSession` peaked between 34 and 468 MB here, 9
/// attempts of 20 over 100 MB.
@Suite(.serialized)
struct HostileServerMemoryTests {
    /// What an attempt may use at its peak: the cap, the process itself and room to spare, far below
    /// the 400 MB answer.
    private static let ceiling = 100 * 1024 * 1024
    private static let total = 400 * 1024 * 1024

    /// The probe next to this test bundle.
    private static var probe: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "discover-memory-probe")
    }

    @Test func a400MBAnswer_underCPULoad_neverTakesTheClientPast100MB() throws {
        #if canImport(Glibc)
            let runs = 20
            let answers: [(String, HostileHTTPServer.Answer)] = [
                ("declared", .endless(total: Self.total, declaredLength: Self.total)),
                ("unsized", .endless(total: Self.total, declaredLength: nil)),
                ("chunked", .endlessChunked(total: Self.total)),
            ]
            let servers = try answers.map { name, answer in
                (name, try #require(HostileHTTPServer(routes: [("whoami", answer)])))
            }
            let load = CPULoad(threads: 2)
            defer { load.stop() }
            var peaks: [Int] = []
            for run in 0..<runs {
                let (name, server) = servers[run % servers.count]
                let sentBefore = server.bytesSent
                let outcome = try #require(Self.spawnProbe(homeserver: server.url))
                print(
                    "memory: attempt \(run + 1) of \(runs), \(name) 400 MB answer under load: "
                        + "peak \(outcome.peakBytes / 1024 / 1024) MB, sent \((server.bytesSent - sentBefore) / 1024 / 1024) MB"
                )
                #expect(
                    outcome.status == 0, "attempt \(run + 1) (\(name)): the probe did not report too large")
                #expect(outcome.peakBytes < Self.ceiling, "attempt \(run + 1) (\(name))")
                peaks.append(outcome.peakBytes)
            }
            print(
                "memory: \(runs) attempts, highest peak \((peaks.max() ?? 0) / 1024 / 1024) MB (limit 100 MB)"
            )
        #endif
    }

    #if canImport(Glibc)
        /// Runs the probe against `homeserver` and answers its exit status and the peak resident memory
        /// in bytes it printed; `nil` if it could not be started.
        private static func spawnProbe(homeserver: URL) -> (status: Int32, peakBytes: Int)? {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent(
                "discover-memory-probe-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: output) }
            let arguments = [probe.path, homeserver.absoluteString]
            var argv = arguments.map { strdup($0) }
            argv.append(nil)
            defer { for argument in argv { free(argument) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            var pid: pid_t = 0
            guard posix_spawn(&pid, probe.path, &actions, nil, argv, environ) == 0 else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { return nil }
            }
            // Exited normally: the low 7 bits are 0 and the exit code is in the next byte.
            let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : -1
            let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            let peak =
                printed.split(separator: "\n").first { $0.hasPrefix("peak-bytes: ") }
                .flatMap { Int($0.dropFirst("peak-bytes: ".count)) } ?? Int.max
            return (exitStatus, peak)
        }
    #endif
}

/// Threads that keep the CPUs busy until stopped.
private final class CPULoad: Sendable {
    private let running = Atomic(true)

    /// Starts `threads` threads spinning.
    init(threads: Int) {
        for _ in 0..<threads {
            let thread = Thread { [self] in
                var spins = 0
                while running.load(ordering: .relaxed) { spins &+= 1 }
            }
            thread.start()
        }
    }

    /// Stops the threads.
    func stop() { running.store(false, ordering: .relaxed) }
}
