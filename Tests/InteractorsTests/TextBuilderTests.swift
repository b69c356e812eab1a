import Models
import Testing

@Suite struct TextBuilderTests {
    @Test func piecesAndNumbers_giveTheSameTextAsConcatenation() {
        let numbers = [0, 1, 9, 10, 99, 100, 12_345, 1_000_000, Int.max, -1, -42, Int.min]
        for number in numbers {
            var builder = TextBuilder(capacity: 4)
            builder.append("Ünïcode · ")
            builder.append(number)
            builder.append(" km 🌍")
            #expect(builder.text == "Ünïcode · " + String(number) + " km 🌍")
        }
    }

    @Test func anEmptyBuilder_givesAnEmptyText() {
        var builder = TextBuilder(capacity: 0)
        #expect(builder.isEmpty)
        #expect(builder.text.isEmpty)
        builder.append("")
        #expect(builder.isEmpty)
        builder.append(0)
        #expect(!builder.isEmpty)
        #expect(builder.text == "0")
    }

    @Test func digitCount_andWrite_agreeWithStringForEveryLength() {
        var value = 0
        for _ in 1...18 {
            let digits = String(value).count
            #expect(TextBuilder.digitCount(of: value) == digits)
            var bytes = [UInt8](repeating: 0, count: digits + 2)
            let written = bytes.withUnsafeMutableBytes {
                TextBuilder.write(value, digits: digits + 2, to: $0)
            }
            #expect(written == digits + 2)
            #expect(String(decoding: bytes, as: UTF8.self) == "00" + String(value))
            value = value * 10 + 7
        }
    }
}
