/// A position on the embedded world's flat map, in kilometres from its centre.
///
/// The embedded server uses it to tell distances; clients only ever see the rounded distance.
public struct PlanePoint: Hashable, Sendable {
    /// Kilometres east of the centre.
    public var x: Double
    /// Kilometres north of the centre.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The centre.
    public static let origin = PlanePoint(x: 0, y: 0)

    /// The distance to another point in whole kilometres, rounded.
    public func distanceKm(to other: PlanePoint) -> Int {
        let dx = x - other.x
        let dy = y - other.y
        return Int((dx * dx + dy * dy).squareRoot().rounded())
    }
}
