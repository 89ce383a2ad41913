import Foundation
import Testing

@testable import LinkSimCore

/// Loading has bounded time and memory for every input (issue #15): alias bombs are refused with a
/// located message instead of growing to gigabytes.
@Suite struct BoundedLoadingTests {
    /// The classic "billion laughs": nine levels of nine aliases, 9^9 (387 million) leaves from a few hundred bytes.
    static let valueBomb: String = {
        var text = "linksim: 1\nname: bomb\na0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ","))]\n"
        }
        return text
    }()

    @Test func aliasBombIsRefusedWithALocatedMessage() {
        let clock = ContinuousClock()
        let started = clock.now
        let messages = diagnostics(Self.valueBomb)
        #expect(clock.now - started < .seconds(5))
        #expect(messages.count == 1)
        #expect(messages.first?.contains("test.yaml:1:1") == true)
        #expect(messages.first?.contains("more than 100000 nodes") == true)
    }

    @Test func aliasBombInKeyPositionIsRefusedBeforeYamsHashesIt() {
        let keyBomb = Self.valueBomb + "keys:\n  *a9 : one\n  other: two\n"
        let messages = diagnostics(keyBomb)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("test.yaml:14:3") == true, "\(messages)")
        #expect(messages.first?.contains("scenario keys are plain text") == true)
        let explicitKey = "linksim: 1\nname: x\na: &a [1, 2]\nb:\n  ? *a\n  : 3\n"
        #expect(diagnostics(explicitKey).first?.contains("test.yaml:5:3") == true)
        let flowKey = "linksim: 1\nname: x\na: &a [1, 2]\nb:\n  [*a, *a]: 3\n"
        #expect(diagnostics(flowKey).first?.contains("test.yaml:5:3") == true)
    }

    @Test func smallAliasesStillWork() throws {
        let text = """
            linksim: 1
            name: anchors for values are fine
            device: {platform: ios, os: "17.4"}
            apps:
              - &shop
                id: com.example.shop
                name: Shop
                team_id: ABCDE12345
                associated_domains: ["applinks:shop.example.com"]
                routes: [{path: "/product/{id}", screen: ProductDetail}]
                state: background
            tap: https://shop.example.com/product/42
            from: notes
            """
        let scenario = try loadScenario(text)
        #expect(scenario.apps.count == 1)
        #expect(scenario.apps.first?.id == "com.example.shop")
    }

    @Test func aliasKeyScanIgnoresDocumentsWithoutAnchors() {
        #expect(AliasKeyScan.firstAliasKey(in: "a: \"*x: y\"\n? what\n") == nil)
        #expect(AliasKeyScan.firstAliasKey(in: "a: &x 1\nb: *x\n") == nil)
        #expect(AliasKeyScan.firstAliasKey(in: "a: &x 1\nb: {c: *x}\n") == nil)
        #expect(AliasKeyScan.firstAliasKey(in: "a: &x 1\nb: {*x : 2}\n")?.line == 2)
    }

    /// A document that is simply large (no alias) is refused for its size, not called an alias bomb.
    @Test func aLargeDocumentWithoutAliasesIsNotCalledABomb() {
        let taps = String(repeating: "  - tap: https://shop.example.com/\n", count: 50_001)
        let messages = diagnostics("linksim: 1\nname: big\ndevice: {platform: ios, os: \"17.4\"}\nactions:\n" + taps)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("has more than 100000 nodes (values and list items)") == true, "\(messages)")
        #expect(messages.first?.contains("alias") == false)
    }

    @Test func aNodeCountUnderTheBudgetLoads() throws {
        // Four levels of nine: 6,561 leaves, well under the budget, so aliases keep working.
        var text = "linksim: 1\nname: fine\nx-a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1...3 {
            text += "x-a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ","))]\n"
        }
        let messages = diagnostics(text)
        #expect(!messages.contains { $0.contains("nodes once its aliases") }, "\(messages)")
    }
}
