/// The states an observer saw, in order.
@MainActor
final class SeenStates {
    var values: [[String]] = []
}
