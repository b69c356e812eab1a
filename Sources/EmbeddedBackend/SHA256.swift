/// SHA-256 (FIPS 180-4), for the embedded backend's salted password hashes and token derivation.
///
/// Foundation on Linux has no digest API and the project takes no packages, so this is a small
/// self-contained implementation, checked against the standard test vectors. It hashes straight from
/// the caller's bytes through one 64-byte block and a 64-word schedule on the stack: no array is built
/// for the padded message and nothing is allocated per block.
public enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
        0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    /// How many bytes a digest has.
    static let digestByteCount = 32

    /// The 32-byte digest of `bytes`.
    public static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let result: [UInt8]? = bytes.withContiguousStorageIfAvailable { buffer in
            [UInt8](unsafeUninitializedCapacity: digestByteCount) { output, count in
                Self.digest(
                    UnsafeRawBufferPointer(buffer), UnsafeRawBufferPointer(start: nil, count: 0),
                    into: UnsafeMutableRawBufferPointer(output))
                count = digestByteCount
            }
        }
        return result ?? digest(Array(bytes))
    }

    /// The digest of a string's UTF-8 bytes as lowercase hex.
    public static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            withUnsafeTemporaryAllocation(byteCount: digestByteCount, alignment: 1) { output in
                digest(
                    UnsafeRawBufferPointer(utf8), UnsafeRawBufferPointer(start: nil, count: 0), into: output)
                return hex(UnsafeRawBufferPointer(output))
            }
        }
    }

    /// Bytes as lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    // MARK: Internals

    /// Bytes as lowercase hex, written straight into the string's storage.
    static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { output in
            writeHex(bytes, to: UnsafeMutableRawBufferPointer(output))
        }
    }

    /// Writes `bytes` as lowercase hex to the start of `output` (which holds at least twice as many
    /// bytes) and returns how many bytes it wrote.
    @discardableResult
    static func writeHex(_ bytes: UnsafeRawBufferPointer, to output: UnsafeMutableRawBufferPointer) -> Int {
        var index = 0
        for byte in bytes {
            output[index] = hexDigit(byte >> 4)
            output[index + 1] = hexDigit(byte & 0x0f)
            index += 2
        }
        return index
    }

    /// The lowercase ASCII hex digit of a value below 16.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x57 &+ value
    }

    /// The value of a lowercase ASCII hex digit (`0`–`9`, `a`–`f`), or `nil` for any other byte.
    @inline(__always)
    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit &- 0x30
        case 0x61...0x66: digit &- 0x57
        default: nil
        }
    }

    /// Writes the digest of `first` followed by `second` to the first 32 bytes of `output`.
    ///
    /// Both inputs are read completely before `output` is written, so `output` may be the memory of
    /// either input (a digest of a digest in place).
    static func digest(
        _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer,
        into output: UnsafeMutableRawBufferPointer
    ) {
        roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) { block in
                    var engine = Engine(constants: constants, schedule: schedule, block: block)
                    engine.update(first)
                    engine.update(second)
                    engine.finish(into: output)
                }
            }
        }
    }

    /// The running state of one digest over caller-provided scratch memory.
    private struct Engine {
        let constants: UnsafeBufferPointer<UInt32>
        let schedule: UnsafeMutableBufferPointer<UInt32>
        let block: UnsafeMutableRawBufferPointer
        var filled = 0
        var length: UInt64 = 0
        var h0: UInt32 = 0x6a09_e667
        var h1: UInt32 = 0xbb67_ae85
        var h2: UInt32 = 0x3c6e_f372
        var h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f
        var h5: UInt32 = 0x9b05_688c
        var h6: UInt32 = 0x1f83_d9ab
        var h7: UInt32 = 0x5be0_cd19

        init(
            constants: UnsafeBufferPointer<UInt32>, schedule: UnsafeMutableBufferPointer<UInt32>,
            block: UnsafeMutableRawBufferPointer
        ) {
            self.constants = constants
            self.schedule = schedule
            self.block = block
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            length &+= UInt64(bytes.count)
            var offset = 0
            if filled > 0 {
                let taken = min(64 - filled, bytes.count)
                copy(bytes, 0..<taken, toBlockAt: filled)
                filled += taken
                offset = taken
                guard filled == 64 else { return }
                compress(UnsafeRawBufferPointer(block))
                filled = 0
            }
            while bytes.count - offset >= 64 {
                compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
                offset += 64
            }
            if offset < bytes.count {
                copy(bytes, offset..<bytes.count, toBlockAt: 0)
                filled = bytes.count - offset
            }
        }

        mutating func finish(into output: UnsafeMutableRawBufferPointer) {
            let bitLength = length &* 8
            block[filled] = 0x80
            filled += 1
            if filled > 56 {
                zeroBlock(from: filled, to: 64)
                compress(UnsafeRawBufferPointer(block))
                filled = 0
            }
            zeroBlock(from: filled, to: 56)
            for index in 0..<8 {
                block[56 + index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(56 - index * 8))
            }
            compress(UnsafeRawBufferPointer(block))
            store(h0, at: 0, in: output)
            store(h1, at: 4, in: output)
            store(h2, at: 8, in: output)
            store(h3, at: 12, in: output)
            store(h4, at: 16, in: output)
            store(h5, at: 20, in: output)
            store(h6, at: 24, in: output)
            store(h7, at: 28, in: output)
        }

        private func store(_ word: UInt32, at offset: Int, in output: UnsafeMutableRawBufferPointer) {
            output[offset] = UInt8(truncatingIfNeeded: word >> 24)
            output[offset + 1] = UInt8(truncatingIfNeeded: word >> 16)
            output[offset + 2] = UInt8(truncatingIfNeeded: word >> 8)
            output[offset + 3] = UInt8(truncatingIfNeeded: word)
        }

        private func copy(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, toBlockAt offset: Int) {
            UnsafeMutableRawBufferPointer(rebasing: block[offset..<offset + range.count])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[range]))
        }

        private func zeroBlock(from start: Int, to end: Int) {
            for index in start..<end { block[index] = 0 }
        }

        private mutating func compress(_ chunk: UnsafeRawBufferPointer) {
            for index in 0..<16 {
                let base = index * 4
                schedule[index] =
                    UInt32(chunk[base]) << 24 | UInt32(chunk[base + 1]) << 16 | UInt32(chunk[base + 2]) << 8
                    | UInt32(chunk[base + 3])
            }
            for index in 16..<64 {
                let w15 = schedule[index - 15]
                let w2 = schedule[index - 2]
                let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
                let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
                schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            for index in 0..<64 {
                let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
                let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            h0 = h0 &+ a
            h1 = h1 &+ b
            h2 = h2 &+ c
            h3 = h3 &+ d
            h4 = h4 &+ e
            h5 = h5 &+ f
            h6 = h6 &+ g
            h7 = h7 &+ h
        }

        @inline(__always)
        private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
            (value >> count) | (value << (32 - count))
        }
    }
}
