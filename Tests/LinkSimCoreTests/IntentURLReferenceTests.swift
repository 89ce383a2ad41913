import Foundation
import Testing

@testable import LinkSimCore

/// `IntentURL` reads an ASCII `intent:` URL on bytes; it must read what the character reading (what it
/// did before, and still does for other text) reads, over generated URLs.
@Suite struct IntentURLReferenceTests {
    struct Read: Equatable {
        var data: String
        var scheme: String?
        var package: String?
        var fallbackURL: String?
    }

    static func reference(_ url: String) -> Read? {
        guard url.lowercased().hasPrefix("intent:"), let hash = url.range(of: "#Intent;", options: .backwards) else { return nil }
        let fields = url[hash.upperBound...].split(separator: ";").map(String.init)
        guard fields.last == "end" else { return nil }
        var read = Read(data: "")
        for field in fields.dropLast() {
            guard let eq = field.firstIndex(of: "=") else { continue }
            let value = PercentDecoding.decode(String(field[field.index(after: eq)...]))
            switch String(field[..<eq]) {
            case "scheme": read.scheme = value
            case "package": read.package = value
            case "S.browser_fallback_url": if let p = URLParts(value), p.isWeb { read.fallbackURL = value }
            default: break
            }
        }
        let rest = String(url[url.index(url.startIndex, offsetBy: 7)..<hash.lowerBound])
        read.data = (read.scheme.map { $0 + ":" } ?? "intent:") + rest
        return read
    }

    static func read(_ url: String) -> Read? {
        IntentURL(url).map { Read(data: $0.data, scheme: $0.scheme, package: $0.package, fallbackURL: $0.fallbackURL) }
    }

    @Test func knownURL() {
        let read = Self.read(
            "intent://shop.example.com/p/42#Intent;scheme=https;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Fm.example.com;end")
        #expect(read?.data == "https://shop.example.com/p/42")
        #expect(read?.package == "com.example.shop")
        #expect(read?.fallbackURL == "https://m.example.com")
        #expect(Self.read("INTENT://x#Intent;end")?.data == "intent://x")
        #expect(Self.read("intent://x#Intent;scheme=a") == nil)
        #expect(Self.read("https://x#Intent;end") == nil)
    }

    @Test func generatedURLsReadAsOnCharacters() {
        let pieces = [
            "intent:", "INTENT:", "Intent:", "//", "shop.example.com", "/p/42", "#Intent;", "#intent;", "scheme=https;", "scheme=shop;",
            "package=com.x;", "S.browser_fallback_url=https%3A%2F%2Fm.example.com;", "S.browser_fallback_url=market://x;", "end", ";", ";;",
            "=", "é", "e\u{301}", "?q=1", "#", "x",
        ]
        var random = SeededRandom(seed: 0x1_7E27)
        var intents = 0
        for _ in 0..<20_000 {
            // Most cases are intent: URLs with an #Intent; part; the rest is any text.
            let url =
                random.chance(80)
                ? random.pick(["intent:", "INTENT:", "Intent:"]) + random.text(pieces, maxLength: 3) + random.pick(["#Intent;", "#intent;"])
                    + random.text(pieces, maxLength: 4) + random.pick(["end", "end;", ";end", "nd", ""])
                : random.text(pieces, maxLength: 7)
            let reference = Self.reference(url)
            #expect(Self.read(url) == reference, "\(url.debugDescription)")
            if reference != nil { intents += 1 }
        }
        #expect(intents > 3_000)
    }
}
