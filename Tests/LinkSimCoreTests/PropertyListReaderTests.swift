import Testing

@testable import LinkSimCore

@Suite struct PropertyListReaderTests {
    static func plist(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>
            """.utf8)
    }

    static func error(_ bytes: [UInt8]) -> String {
        do {
            _ = try PropertyListReader.parse(bytes, file: "Info.plist")
            return "ok"
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    @Test func everyValueType() throws {
        let value = try PropertyListReader.parse(
            Self.plist(
                """
                <dict>
                  <key>s</key><string>a &amp; b</string>
                  <key>i</key><integer>-42</integer>
                  <key>r</key><real>1.5</real>
                  <key>t</key><true/>
                  <key>f</key><false/>
                  <key>d</key><data>
                    AAEC
                    Aw==
                  </data>
                  <key>date</key><date>2026-01-15T09:00:00Z</date>
                  <key>a</key><array><string>x</string><dict/></array>
                  <key>s</key><string>last wins</string>
                </dict>
                """), file: "Info.plist")
        guard case .string(let text, let location) = value["s"] else {
            Issue.record("no s")
            return
        }
        #expect(text == "last wins")
        #expect(location == SourceLocation(file: "Info.plist", line: 16, column: 15))
        guard case .boolean(true, _) = value["t"], case .boolean(false, _) = value["f"], case .integer = value["i"],
            case .real = value["r"], case .data = value["d"], case .date = value["date"], case .array(let items, _) = value["a"]
        else {
            Issue.record("wrong kinds")
            return
        }
        #expect(items.count == 2)
    }

    @Test func badPlistsAreLocatedInThePlist() {
        #expect(
            Self.error(Array("bplist00\u{0}\u{1}".utf8))
                == "Info.plist:1:1: error: this is a binary property list; linksim reads XML property lists: convert it with `plutil -convert xml1 Info.plist`")
        #expect(Self.error(Array("{ CFBundleURLTypes = (); }".utf8)).contains("OpenStep or JSON property list"))
        #expect(Self.error(Self.plist("<array/>")) == "Info.plist:4:1: error: the top level of the property list is an array; expected a <dict>")
        #expect(
            Self.error(Self.plist("<dict><string>x</string></dict>"))
                == "Info.plist:4:7: error: expected <key> in <dict>, found <string> (a <dict> alternates <key> and a value)")
        #expect(Self.error(Self.plist("<dict><key>k</key></dict>")) == "Info.plist:4:7: error: <key>k</key> has no value after it")
        #expect(
            Self.error(Self.plist("<dict><key>k</key><integer>1.5</integer></dict>")) == "Info.plist:4:19: error: <integer>1.5</integer> is not a whole number")
        #expect(Self.error(Self.plist("<dict><key>k</key><date>yesterday</date></dict>")).contains("is not a date"))
        #expect(Self.error(Self.plist("<dict><key>k</key><data>!!</data></dict>")).contains("base64"))
        #expect(Self.error(Self.plist("<dict><key>k</key><bogus/></dict>")).contains("unknown property-list element <bogus>"))
        #expect(Self.error(Self.plist("<dict/><dict/>")) == "Info.plist:3:1: error: <plist> must hold exactly one value (here a <dict>), found 2")
        #expect(Self.error(Self.plist("<dict>text</dict>")).contains("<dict> holds elements, not text"))
        #expect(Self.error(Self.plist("<dict><key>k</key><string><b/></string></dict>")).contains("<string> holds text, not elements"))
        #expect(Self.error(Array("<dict/>".utf8)) == "ok")
    }

    @Test func schemesAndDomainsThroughAScenario() throws {
        let scenario = """
            linksim: 1
            name: plist
            device: {platform: ios, os: "17.4"}
            apps:
              - {id: a, team_id: ABCDE12345, info_plist: Info.plist, entitlements: a.entitlements}
            tap: a://b
            """
        let info = String(
            decoding: Self.plist(
                """
                <dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>shop</string></array></dict></array></dict>
                """), as: UTF8.self)
        let entitlements = String(
            decoding: Self.plist(
                """
                <dict><key>com.apple.developer.associated-domains</key><array><string>applinks:x.com</string></array></dict>
                """), as: UTF8.self)
        let s = try loadScenario(scenario, files: ["dir/Info.plist": info, "dir/a.entitlements": entitlements])
        #expect(s.apps[0].urlSchemes == ["shop"])
        #expect(s.apps[0].associatedDomains == ["applinks:x.com"])

        let wrong = String(decoding: Self.plist("<dict><key>CFBundleURLTypes</key><string>shop</string></dict>"), as: UTF8.self)
        let messages = diagnostics(scenario, files: ["dir/Info.plist": wrong, "dir/a.entitlements": entitlements])
        #expect(messages == ["dir/Info.plist:4:34: error: CFBundleURLTypes must be an array of dictionaries, found a string"])
    }
}
