import Contexts

/// Section 1: the engine's machinery on the toy state (``Toy``) against the toy written by hand.
@MainActor
enum Machinery {
    static let title = "1. engine machinery on a toy state (flow → context → StateStore.update → observers)"

    static func run(_ report: Report, smoke: Bool) -> Bool {
        report.section(title)
        report.note("per tap; the floor is a final class, a switch and closure observers")
        let operations = smoke ? 1_000 : 1_000_000
        let repetitions = smoke ? 3 : 15
        var rows: [[String]] = []
        for observers in [1, 10] {
            let (floor, engine) = compare(
                observers: observers, operations: operations, repetitions: repetitions)
            rows.append(
                report.comparison(
                    "machinery", observers == 1 ? "1 observer" : "\(observers) observers", baseline: floor,
                    engine: engine))
        }
        report.table(["observers", "floor", "engine", "ratio"], rows)
        return true
    }

    /// The floor's and the engine's median per tap, measured in turns.
    static func compare(observers: Int, operations: Int, repetitions: Int) -> (floor: Double, engine: Double)
    {
        let floor: Measure.Side = { count in
            let sink = Sink()
            let floor = ToyFloor()
            floor.observers = (0..<observers).map { _ in { sink.total &+= $0.count } }
            return Measure.time {
                for index in 0..<count { floor.tapped(index.isMultiple(of: 2) ? .plus : .minus) }
            }
        }
        let engine: Measure.Side = { count in
            let sink = Sink()
            let flow = ToyFlow(context: ToyContext())
            let tokens = (0..<observers).map { _ in flow.context.observe { sink.total &+= $0.count } }
            return withExtendedLifetime(tokens) {
                Measure.time {
                    for index in 0..<count { flow.tapped(index.isMultiple(of: 2) ? .plus : .minus) }
                }
            }
        }
        let medians = Measure.interleaved([floor, engine], operations: operations, repetitions: repetitions)
        return (medians[0], medians[1])
    }
}
