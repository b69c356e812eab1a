import Services
import Testing

@Suite struct SequentialIDGeneratorTests {
    @Test func ids_areThePrefixADashAndTheNextNumber_asInterpolationWritesThem() {
        for prefix in ["id", "", "tx", "préfixe-é", "👋"] {
            let ids = SequentialIDGenerator(prefix: prefix)
            for number in 1...1_200 {
                let id = ids.next()
                #expect(id == "\(prefix)-\(number)")
            }
        }
    }

    @Test func generatorsHandedOutSeparately_countOnTheirOwn() {
        let first = SequentialIDGenerator(prefix: "a")
        let second = SequentialIDGenerator(prefix: "b")
        #expect([first.next(), first.next(), second.next()] == ["a-1", "a-2", "b-1"])
    }
}
