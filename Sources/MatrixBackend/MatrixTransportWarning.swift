import Foundation

/// What is unsafe about the way a homeserver is reached: a warning to show, not a refusal.
///
/// A homeserver reached over plain `http` (or any scheme other than `https`) on another machine lets
/// anyone on the way read and change the traffic, passwords and access tokens included. A loopback
/// address (`localhost` and names under `.localhost`, `127.0.0.0/8`, `::1`) never leaves the machine,
/// so it gets no warning. ``MatrixConfiguration/transportWarning`` is this for the configured
/// homeserver; `discover run --backend matrix --homeserver <url>` prints it to standard error.
public enum MatrixTransportWarning: Hashable, Sendable, CustomStringConvertible {
    /// The homeserver at `address` is not reached over `https` and is not on this machine.
    case unencrypted(address: String)

    /// The warning for `homeserver`, or `nil` when it is reached over `https` or on a loopback address.
    public init?(homeserver: URL) {
        guard homeserver.scheme?.lowercased() != "https" else { return nil }
        guard !Self.isLoopback(host: homeserver.host ?? "") else { return nil }
        self = .unencrypted(address: homeserver.absoluteString)
    }

    /// The warning as one line.
    public var description: String {
        switch self {
        case .unencrypted(let address):
            "the homeserver \(address) is not reached over https: anyone on the network can read and "
                + "change the traffic, passwords and access tokens included"
        }
    }

    /// Whether `host` names this machine: `localhost`, a name under `.localhost`, `127.0.0.0/8`, `::1`.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        if let octets = ipv4Octets(name) { return octets[0] == 127 }
        return isIPv6Loopback(name)
    }

    /// The four octets of a dotted-decimal IPv4 address, or `nil`.
    private static func ipv4Octets(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let octets = parts.compactMap { part -> Int? in
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII) else { return nil }
            return Int(part).flatMap { (0...255).contains($0) ? $0 : nil }
        }
        return octets.count == 4 ? octets : nil
    }

    /// Whether `text` is the IPv6 loopback address in any spelling (`::1`, `0:0:0:0:0:0:0:1`).
    private static func isIPv6Loopback(_ text: String) -> Bool {
        guard text.contains(":") else { return false }
        let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> [String] { part.isEmpty ? [] : part.components(separatedBy: ":") }
        let head = groups(halves[0])
        let tail = halves.count == 2 ? groups(halves[1]) : []
        let missing = 8 - head.count - tail.count
        guard halves.count == 2 ? missing >= 1 : missing == 0 else { return false }
        let values = (head + Array(repeating: "0", count: missing) + tail).map {
            (1...4).contains($0.count) ? UInt16($0, radix: 16) : nil
        }
        return values.count == 8 && values.dropLast().allSatisfy { $0 == 0 } && values.last == 1
    }
}
