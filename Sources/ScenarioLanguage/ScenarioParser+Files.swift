/// The steps that act on the app's files and check them: `damage the outbox`, `crash leaves
/// temporary files`, `expect no temporary files`, `expect files set aside 1`.
extension ScenarioParser {
    /// `damage the swipe queue|outbox` or `crash leaves temporary files`.
    static func fileStep(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        if reader.peekWord == "crash" {
            reader.skip()
            return reader.keyword("leaves").flatMap {
                reader.keyword("temporary").flatMap {
                    reader.keyword("files").flatMap { reader.end(.crashLeavesTemporaryFiles) }
                }
            }
        }
        reader.skip()
        return reader.keyword("the").flatMap {
            switch reader.peekWord {
            case "outbox":
                reader.skip()
                return reader.end(.damage(.outbox))
            case "swipe":
                reader.skip()
                return reader.keyword("queue").flatMap { reader.end(.damage(.swipeQueue)) }
            default:
                return .failure(Problem(column: reader.column, message: "expected 'swipe queue' or 'outbox'"))
            }
        }
    }

    /// `expect no temporary files`, after `expect no`.
    static func expectNoTemporaryFiles(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.skip()
        return reader.keyword("files").flatMap { reader.end(.expectNoTemporaryFiles) }
    }

    /// `expect files set aside <count>`, after `expect`.
    static func expectFilesSetAside(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.skip()
        return reader.keyword("set").flatMap {
            reader.keyword("aside").flatMap {
                reader.count(maximum: 1_000).flatMap { reader.end(.expectFilesSetAside($0)) }
            }
        }
    }
}
