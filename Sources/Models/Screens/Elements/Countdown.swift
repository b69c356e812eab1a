/// Time left until something happens, which a front end counts down by itself.
public struct Countdown: Hashable, Sendable, Codable {
    /// What the countdown is to.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The daily likes come back.
        case likesReset
    }

    /// What it counts down to.
    public var kind: Kind
    /// The seconds left when the screen was built.
    public var secondsLeft: Int

    /// Creates a countdown.
    public init(kind: Kind, secondsLeft: Int) {
        self.kind = kind
        self.secondsLeft = secondsLeft
    }
}

extension Countdown {
    /// The countdown in words: "Likes come back in 3h 5m."
    public var text: String {
        switch kind {
        case .likesReset: "Likes come back in \(Countdown.duration(secondsLeft))."
        }
    }

    /// Seconds as `Xh Ym`, or `Ym` under an hour, rounding up to the minute.
    public static func duration(_ seconds: Int) -> String {
        let minutes = (max(0, seconds) + 59) / 60
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }
}
