/// A seeded random number generator (SplitMix64): the same seed gives the same numbers on every
/// machine, so a load run's plan is reproducible.
///
/// Besides the stream (`next()`), ``unit(_:_:)`` hashes a few numbers into a fraction in `0..<1` with
/// no state: what two people decide about each other reads the same from either side.
public struct LoadRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A fraction in `0..<1` that depends only on `seed` and `values`, in order.
    public static func unit(_ seed: UInt64, _ values: [UInt64]) -> Double {
        var hash = mix(seed)
        for value in values { hash = mix(hash ^ mix(value &+ 0x9E37_79B9_7F4A_7C15)) }
        return Double(hash >> 11) / Double(UInt64(1) << 53)
    }

    /// SplitMix64's finalizer: every input bit moves every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
    }
}
