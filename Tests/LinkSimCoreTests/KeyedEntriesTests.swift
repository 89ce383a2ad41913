import Testing

@testable import LinkSimCore

/// `KeyedEntries` matches keys by their UTF-8 length before their text (issue #14). Swift compares
/// strings by canonical equivalence, so a key written with U+212A KELVIN SIGN is the name `K…`
/// although its bytes differ; these tests keep that behaviour on the quick path.
@Suite struct KeyedEntriesTests {
    @Test func aNameIsFoundByItsText() {
        #expect(KeyedEntries.name(of: "platform", among: ["os", "platform"]) == "platform")
        #expect(KeyedEntries.name(of: "platforms", among: ["os", "platform"]) == nil)
        #expect(KeyedEntries.name(of: "Platform", among: ["os", "platform"]) == nil)
        #expect(KeyedEntries.name(of: "", among: ["os", "platform"]) == nil)
    }

    @Test func aKeyCanonicallyEqualToANameIsThatName() {
        // U+212A KELVIN SIGN is canonically equivalent to "K": three bytes against one.
        let kelvin = "\u{212A}ind"
        #expect(kelvin == "Kind")
        #expect(KeyedEntries.name(of: kelvin, among: ["kind", "Kind"]) == "Kind")
        // A decomposed é is not an ASCII name.
        #expect(KeyedEntries.name(of: "cafe\u{301}", among: ["cafe", "caf"]) == nil)
    }

    @Test func entriesAreFoundByTheNameTheyMatched() throws {
        let yaml = """
            linksim: 1
            name: keys
            device: {platform: ios, os: "17.4"}
            apps: [{id: ABCDE12345.com.example.shop, state: installed}]
            actions:
              - tap: https://shop.example.com/product/1
                from: notes
            """
        let scenario = try ScenarioLoader.parse(yaml, file: "keys.yaml", baseDirectory: nil)
        #expect(scenario.device.platform == .ios)
        #expect(scenario.actions.count == 1)
        let wrong = yaml.replacingOccurrences(of: "device:", with: "devic\u{0065}\u{0301}:")
        #expect(throws: InputError.self) { try ScenarioLoader.parse(wrong, file: "keys.yaml", baseDirectory: nil) }
    }
}
