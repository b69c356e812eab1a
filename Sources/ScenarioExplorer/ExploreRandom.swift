import EmbeddedBackend

/// The explorer's source of choices: the embedded backend's seeded SplitMix64 generator
/// (``EmbeddedBackend/SeededGenerator``), with the few kinds of choice a step needs.
///
/// No global state: one value per exploration, so the same seed makes the same steps.
struct ExploreRandom {
    private var generator: SeededGenerator

    /// Creates a source of choices from a seed.
    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A whole number in `0..<count` (`count` > 0).
    mutating func below(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }

    /// True with the given chance in percent.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    /// One of several choices, each with its weight; `nil` when every weight is zero.
    mutating func weighted<Choice>(_ choices: [(weight: Int, choice: Choice)]) -> Choice? {
        let total = choices.reduce(0) { $0 + max(0, $1.weight) }
        guard total > 0 else { return nil }
        var roll = below(total)
        for (weight, choice) in choices where weight > 0 {
            if roll < weight { return choice }
            roll -= weight
        }
        return nil
    }
}
