import EmbeddedBackend
import Testing

@Suite struct PlanePointTests {
    /// The distance as first written: the C library's rounding, halves away from zero.
    func reference(_ a: PlanePoint, _ b: PlanePoint) -> Int {
        let dx = a.x - b.x
        let dy = a.y - b.y
        return Int((dx * dx + dy * dy).squareRoot().rounded())
    }

    @Test func distances_roundHalvesUp_andAgreeWithTheLibraryRounding() {
        let origin = PlanePoint.origin
        let edges: [Double] = [
            0, 0.5, 1.5, 2.5, 0.49999999999999994, 1.4999999999999998, 2.5000000000000004, 99.5, 1e15 + 0.5,
            0x1p52, 0x1p53 + 2,
        ]
        for x in edges {
            let point = PlanePoint(x: x, y: 0)
            #expect(point.distanceKm(to: origin) == reference(point, origin))
            #expect(origin.distanceKm(to: point) == reference(origin, point))
        }
        #expect(PlanePoint(x: 0.5, y: 0).distanceKm(to: origin) == 1)
        #expect(PlanePoint(x: 2.5, y: 0).distanceKm(to: origin) == 3)
        #expect(PlanePoint(x: 3, y: 4).distanceKm(to: origin) == 5)
    }

    @Test func distancesOnTheMap_agreeWithTheLibraryRounding() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let a = PlanePoint(
                x: Double(Int(generator.next() % 12_001) - 6_000) / 100,
                y: Double(Int(generator.next() % 12_001) - 6_000) / 100)
            let b = PlanePoint(
                x: Double(Int(generator.next() % 12_001) - 6_000) / 100,
                y: Double(Int(generator.next() % 12_001) - 6_000) / 100)
            #expect(a.distanceKm(to: b) == reference(a, b))
        }
    }
}
