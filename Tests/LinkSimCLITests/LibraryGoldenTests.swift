import Foundation
import XCTest

/// Verdicts and traces must not change when linksim gets faster: the JSON output of `linksim run`
/// over the whole scenario library is pinned by its SHA-256. Re-record (only for an intended
/// behaviour change) with `LINKSIM_RECORD_GOLDEN=1 swift test --filter LibraryGoldenTests`.
final class LibraryGoldenTests: XCTestCase {
    static let goldenFile = BinaryRunner.packageRoot.appendingPathComponent("Tests/LinkSimCLITests/Golden/library-run.sha256")

    /// Every scenarios/**/*.yaml, relative to the package root, in byte order (as `LC_ALL=C sort`).
    static func libraryFiles() -> [String] {
        let root = BinaryRunner.packageRoot.appendingPathComponent("scenarios").path
        let walker = FileManager.default.enumerator(atPath: root)
        let names = (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".yaml") }
        return names.map { "scenarios/" + $0 }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    func testLibraryRunOutputIsByteIdentical() throws {
        let files = Self.libraryFiles()
        XCTAssertGreaterThan(files.count, 100, "the scenario library was not found")
        let output = try BinaryRunner.run(["run", "--format", "json"] + files)
        XCTAssertEqual(output.status, 0, output.stderr)
        let digest = SHA256Digest.hex(Array(output.stdout.utf8))
        let line = "\(digest)  linksim run --format json scenarios/**/*.yaml (\(files.count) files)\n"
        if ProcessInfo.processInfo.environment["LINKSIM_RECORD_GOLDEN"] == "1" {
            try line.write(to: Self.goldenFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.goldenFile, encoding: .utf8)
        let expectedDigest = String(expected.prefix(64))
        if digest != expectedDigest {
            let dump = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-library-run.json")
            try? output.stdout.write(to: dump, atomically: true, encoding: .utf8)
            XCTFail("""
                the library's `run --format json` output changed (digest \(digest), golden \(expectedDigest)); \
                the output is in \(dump.path). If the change is intended, re-record with LINKSIM_RECORD_GOLDEN=1.
                """)
        }
    }

    func testDigestOfKnownText() {
        XCTAssertEqual(SHA256Digest.hex(Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256Digest.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array(String(repeating: "a", count: 1000).utf8)
        XCTAssertEqual(SHA256Digest.hex(long), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

/// FIPS 180-4 SHA-256, enough to pin a golden output without a crypto dependency.
enum SHA256Digest {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    static func hex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var data = message
        let bitLength = UInt64(message.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                let b = chunk + i * 4
                w[i] = UInt32(data[b]) << 24 | UInt32(data[b + 1]) << 16 | UInt32(data[b + 2]) << 8 | UInt32(data[b + 3])
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let ch = (e & f) ^ (~e & g)
                let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
                let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let maj = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ maj
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
        }
        return h.map { word in
            let s = String(word, radix: 16)
            return String(repeating: "0", count: 8 - s.count) + s
        }.joined()
    }
}
