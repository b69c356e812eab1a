/// A position on the embedded world's flat map, in kilometres from its centre.
///
/// The embedded server uses it to tell distances; clients only ever see the rounded distance.
public struct PlanePoint: Hashable, Codable, Sendable {
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

    /// The distance to another point in whole kilometres, rounded (halves away from zero).
    ///
    /// A page of candidates asks this of every person it looks at. Rounded in line: the whole part
    /// by truncating, then one more for a fraction of a half or more (exact for a distance under
    /// 2^52, whose fraction is the difference), rather than by a call into the C library's `round`;
    /// a larger distance (or not a number) is rounded the general way.
    public func distanceKm(to other: PlanePoint) -> Int {
        let dx = x - other.x
        let dy = y - other.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance < 0x1p52 else { return Int(distance.rounded()) }
        let whole = Int(distance)
        return distance - Double(whole) >= 0.5 ? whole + 1 : whole
    }
}
