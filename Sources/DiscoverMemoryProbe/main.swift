import Foundation
import MatrixBackend
import Models

// discover-memory-probe: one request through `MatrixHTTPClient`, in a process of its own, so that a
// test can learn the peak memory of a client refusing an answer (HostileServerMemoryTests).
//
// Usage: discover-memory-probe <homeserver URL>
// Sends `GET /account/whoami` with the default answer size cap, then prints `peak-bytes: N`, the
// process's peak resident memory as the kernel counted it (`VmHWM` of /proc/self/status: this
// process's own, unlike `ru_maxrss`, which on Linux starts from the parent's peak across `exec`).
// Exits 0 when the answer was refused as too large, 1 when anything else happened (an answer,
// another error), 2 on bad usage.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let homeserver = arguments.first.flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("usage: discover-memory-probe <homeserver URL>\n".utf8))
    exit(2)
}
let client = MatrixHTTPClient(homeserver: homeserver, requestTimeout: .seconds(60))
let refused = ServiceError.malformedResponse(
    MatrixHTTPClient.responseTooLargeMessage(limit: client.maximumResponseBytes))
var outcome: ServiceError?
do {
    _ = try await client.send(.get, ["account", "whoami"], accessToken: "probe")
} catch {
    outcome = error
}
let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
let peakKilobytes =
    status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    .flatMap { Int($0.filter(\.isNumber)) } ?? 0
print("peak-bytes: \(peakKilobytes * 1024)")
print("outcome: \(outcome.map { "\($0)" } ?? "an answer")")
exit(outcome == refused ? 0 : 1)
