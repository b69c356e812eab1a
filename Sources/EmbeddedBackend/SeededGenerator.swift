/// A deterministic random number generator (SplitMix64) for the embedded backend's salts and tokens.
///
/// The same seed gives the same sequence on every machine, so tests and scenarios repeat exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Where the generator is in its sequence: a generator made with this as its seed goes on from here.
    var position: UInt64 { state }

    /// Creates a generator from a seed.
    public init(seed: UInt64) { self.state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
