/// The other side's steps: what another person's app does to the user.
extension ScenarioParser {
    /// The words that, second on a line, make it one of the other side's steps (`bob sends "hi"`).
    static let otherSideVerbs: Set<String> = [
        "likes", "super", "sends", "reads", "types", "unmatches", "edits", "deletes", "blocks", "unlikes",
    ]

    /// `<name> likes me`, `super likes me`, `sends "…"`, `reads`, `types`, `unmatches me`,
    /// `edits "…" to "…"`, `deletes "…"`, `blocks me`, `unlikes me`.
    static func otherSide(_ reader: inout Reader) -> Result<ScenarioStep, Problem> {
        reader.word("a person's name").flatMap { name in
            switch reader.peekWord {
            case "sends":
                reader.skip()
                return reader.string("the message, in quotes").flatMap { reader.end(.sends(name, text: $0)) }
            case "reads":
                reader.skip()
                return reader.end(.reads(name))
            case "types":
                reader.skip()
                return reader.end(.types(name))
            case "unmatches":
                reader.skip()
                return reader.keyword("me").flatMap { reader.end(.unmatchesMe(name)) }
            case "edits":
                reader.skip()
                return reader.string("the message's text, in quotes").flatMap { text in
                    reader.keyword("to").flatMap {
                        reader.string("the new text, in quotes").flatMap {
                            reader.end(.edits(name, text: text, to: $0))
                        }
                    }
                }
            case "deletes":
                reader.skip()
                return reader.string("the message's text, in quotes").flatMap {
                    reader.end(.deletes(name, text: $0))
                }
            case "blocks":
                reader.skip()
                return reader.keyword("me").flatMap { reader.end(.blocksMe(name)) }
            case "unlikes":
                reader.skip()
                return reader.keyword("me").flatMap { reader.end(.unlikesMe(name)) }
            default:
                var superLike = false
                if reader.peekWord == "super" {
                    reader.skip()
                    superLike = true
                }
                return reader.keyword("likes").flatMap {
                    reader.keyword("me").flatMap { reader.end(.likesMe(name, superLike: superLike)) }
                }
            }
        }
    }
}
