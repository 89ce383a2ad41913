import Foundation
import Testing

/// Issue #11 on the command line: `android match` with placeholders, res/, merged manifests and
/// APKs, and `assetlinks validate`.
@Suite struct RealFilesCommandTests {
    static let manifest = #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
          <application>
            <activity android:name=".LinkActivity" android:exported="true" android:launchMode="@integer/mode">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="@string/scheme" android:host="${linkHost}" android:pathPrefix="/p/" />
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """#

    static func folder() throws -> URL {
        let folder = Scratch.folder("real")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    @Test func unresolvedFilterIsUnknownWithAWarningAndExitZero() throws {
        let folder = try Self.folder()
        let path = try Self.write(Array(Self.manifest.utf8), "AndroidManifest.xml", in: folder)
        let output = try BinaryRunner.run(["android", "match", "--manifest", path, "--url", "https://shop.example.com/p/1", "--format", "json"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix(#"{"matches": [], "unknown": [{"activity": "com.example.shop.LinkActivity", "filter": 0, "unresolved": ["#))
        #expect(output.stdout.contains(#"android:host=\"${linkHost}\""#))
        #expect(output.stderr.contains("\(path):3:68: warning: android:launchMode=\"@integer/mode\" in <activity>"))
        let text = try BinaryRunner.run(["android", "match", "--manifest", path, "--url", "https://shop.example.com/p/1"])
        #expect(text.stdout.contains("Unknown (1): these filters may match"))
        #expect(text.stdout.contains("[linksim.manifest.unresolved-value]"))
        // A link the filter cannot match whatever the values are: the contract's shape, no `unknown`.
        let miss = try BinaryRunner.run(["android", "match", "--manifest", path, "--url", "https://shop.example.com/about", "--format", "json"])
        #expect(miss.stdout == #"{"matches": []}"# + "\n")
    }

    @Test func defineAndResResolveTheFilter() throws {
        let folder = try Self.folder()
        let path = try Self.write(Array(Self.manifest.utf8), "app/src/main/AndroidManifest.xml", in: folder)
        _ = try Self.write(
            Array(#"<resources><string name="scheme">https</string><integer name="mode">2</integer></resources>"#.utf8),
            "app/src/main/res/values/strings.xml", in: folder)
        let output = try BinaryRunner.run([
            "android", "match", "--manifest", path, "--define", "linkHost=shop.example.com",
            "--res", folder.appendingPathComponent("app").path,
            "--url", "https://shop.example.com/p/1", "--format", "json",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == #"{"matches": [{"activity": "com.example.shop.LinkActivity", "filter": 0, "auto_verify": true}]}"# + "\n")
        #expect(output.stderr.isEmpty)
        let bad = try BinaryRunner.run(["android", "match", "--manifest", path, "--define", "linkHost", "--url", "https://x/"])
        #expect(bad.status == 64)
        let noRes = try BinaryRunner.run(["android", "match", "--manifest", path, "--res", "/nonexistent/res", "--url", "https://x/"])
        #expect(noRes.status == 65)
        #expect(noRes.stderr.contains("/nonexistent/res: error: is not a folder"))
    }

    @Test func severalManifestsMergeAndTextNamesTheSource() throws {
        let folder = try Self.folder()
        let app = try Self.write(
            Array(
                #"""
                <manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools" package="com.example.shop">
                  <application><activity android:name="com.example.lib.Legacy" tools:node="remove" /></application>
                </manifest>
                """#.utf8), "app/AndroidManifest.xml", in: folder)
        let lib = try Self.write(
            Array(
                #"""
                <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.lib">
                  <application>
                    <activity android:name=".Share" android:exported="true">
                      <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" />
                      </intent-filter>
                    </activity>
                    <activity android:name=".Legacy" android:exported="true">
                      <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" />
                      </intent-filter>
                    </activity>
                  </application>
                </manifest>
                """#.utf8), "lib/AndroidManifest.xml", in: folder)
        let output = try BinaryRunner.run(["android", "match", "--manifest", app, "--manifest", lib, "--url", "https://shop.example.com/x"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("com.example.lib.Share filter #0: MATCH_CATEGORY_HOST (from \(lib):4)"))
        #expect(!output.stdout.contains("Legacy"))
    }

    // MARK: APK

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A zip with stored (uncompressed) entries, as `zip -0` writes it.
    static func zip(_ files: [(String, [UInt8])]) -> [UInt8] {
        typealias W = CompiledXMLWriter
        var out: [UInt8] = []
        var central: [UInt8] = []
        for (name, data) in files {
            let offset = out.count
            let crc = Int(crc32(data))
            let nameBytes = Array(name.utf8)
            let common =
                W.u16(20) + W.u16(0) + W.u16(0) + W.u16(0) + W.u16(0x21) + W.u32(crc) + W.u32(data.count) + W.u32(data.count)
                + W.u16(nameBytes.count) + W.u16(0)
            out += W.u32(0x0403_4B50) + common + nameBytes + data
            central += W.u32(0x0201_4B50) + W.u16(20) + common + W.u16(0) + W.u16(0) + W.u16(0) + W.u32(0) + W.u32(offset) + nameBytes
        }
        let centralOffset = out.count
        out += central
        out +=
            W.u32(0x0605_4B50) + W.u16(0) + W.u16(0) + W.u16(files.count) + W.u16(files.count) + W.u32(central.count)
            + W.u32(centralOffset) + W.u16(0)
        return out
    }

    @Test func apkManifestIsReadWithItsResourceTable() throws {
        typealias W = CompiledXMLWriter
        let table = W.table(types: [(name: "string", entries: [(name: "host", value: .string("shop.example.com"))])])
        let manifest = W.manifest(
            W.Element(
                name: "manifest", attributes: [("package", .string("com.example.shop"))],
                children: [
                    W.Element(
                        name: "application",
                        children: [
                            W.Element(
                                name: "activity", attributes: [("name", .string("com.example.shop.LinkActivity")), ("exported", .bool(true))],
                                children: [
                                    W.Element(
                                        name: "intent-filter", attributes: [("autoVerify", .bool(true))],
                                        children: [
                                            W.Element(name: "action", attributes: [("name", .string("android.intent.action.VIEW"))]),
                                            W.Element(name: "category", attributes: [("name", .string("android.intent.category.DEFAULT"))]),
                                            W.Element(name: "category", attributes: [("name", .string("android.intent.category.BROWSABLE"))]),
                                            W.Element(name: "data", attributes: [("scheme", .string("https")), ("host", .reference(0x7F01_0000))]),
                                        ])
                                ])
                        ])
                ]))
        let folder = try Self.folder()
        let apk = try Self.write(Self.zip([("AndroidManifest.xml", manifest), ("resources.arsc", table)]), "shop.apk", in: folder)
        let output = try BinaryRunner.run(["android", "match", "--apk", apk, "--url", "https://shop.example.com/p/1", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == #"{"matches": [{"activity": "com.example.shop.LinkActivity", "filter": 0, "auto_verify": true}]}"# + "\n")
        let notZip = try Self.write(Array("plain text".utf8), "not.apk", in: folder)
        let refused = try BinaryRunner.run(["android", "match", "--apk", notZip, "--url", "https://x/"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("is not an APK"))
        let noManifest = try Self.write(Self.zip([("classes.dex", [0, 1, 2])]), "empty.apk", in: folder)
        let missing = try BinaryRunner.run(["android", "match", "--apk", noManifest, "--url", "https://x/"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("has no AndroidManifest.xml"))
        let both = try BinaryRunner.run(["android", "match", "--apk", apk, "--manifest", apk, "--url", "https://x/"])
        #expect(both.status == 64)
    }

    // MARK: assetlinks validate

    static let fingerprint = "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"

    @Test func validAssetLinksPassesAndTheExpectedPairIsFound() throws {
        let folder = try Self.folder()
        let file = try Self.write(
            Array(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}}]
                """.utf8), "assetlinks.json", in: folder)
        let ok = try BinaryRunner.run(["assetlinks", "validate", "--file", file, "--package", "com.example.shop", "--fingerprint", Self.fingerprint])
        #expect(ok.status == 0, "\(ok.stdout)")
        #expect(ok.stdout.contains("grants handle_all_urls to com.example.shop"))
        // One JSON shape either way: `reason` is null when the pair is granted.
        let granted = try BinaryRunner.run(["assetlinks", "validate", "--file", file, "--package", "com.example.shop", "--format", "json"])
        #expect(granted.stdout.contains(#""expected": {"granted": true, "reason": null}"#), "\(granted.stdout)")
        let other = try BinaryRunner.run(["assetlinks", "validate", "--file", file, "--package", "com.example.shop.beta", "--format", "json"])
        #expect(other.status == 1)
        #expect(
            other.stdout.contains(
                #""expected": {"granted": false, "reason": "no statement grants delegate_permission/common.handle_all_urls to com.example.shop.beta; the file names com.example.shop"}"#
            ))
        // The key QA name may be spelt as keytool or apksigner print it: lower case, with or without colons.
        for spelling in [Self.fingerprint.lowercased(), Self.fingerprint.replacingOccurrences(of: ":", with: "").lowercased()] {
            let lower = try BinaryRunner.run(["assetlinks", "validate", "--file", file, "--package", "com.example.shop", "--fingerprint", spelling])
            #expect(lower.status == 0, "\(spelling): \(lower.stdout)")
        }
        // The file's spelling is what the verifier compares: a lower-case fingerprint in the file is not granted.
        let lowerFile = try Self.write(
            Array(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(Self.fingerprint.lowercased())"]}}]
                """.utf8), "lower.json", in: folder)
        let inFile = try BinaryRunner.run(["assetlinks", "validate", "--file", lowerFile, "--package", "com.example.shop", "--fingerprint", Self.fingerprint])
        #expect(inFile.status == 65)  // the file itself has an error finding
        #expect(inFile.stdout.contains("not in the form the verifier compares"), "\(inFile.stdout)")
    }

    @Test func brokenAssetLinksFindingsAreLocated() throws {
        let folder = try Self.folder()
        let file = try Self.write(
            Array(
                """
                [
                  {"relations": ["delegate_permission/common.handle_all_urls"],
                   "target": {"namespace": "android_app", "package_name": "shop", "sha256_cert_fingerprints": ["aa:bb"]}},
                  {"relation": ["delegate_permission/common.handle_all_url"],
                   "target": {"namespace": "androidapp", "package_name": "com.example.shop"}},
                  {"relation": ["delegate_permission/common.handle_all_urls"],
                   "target": {"namespace": "android_app", "package_name": "com.example.shop",
                              "sha256_cert_fingerprints": ["\(Self.fingerprint)", "\(Self.fingerprint)", "\(Self.fingerprint.replacingOccurrences(of: ":", with: ""))"]}},
                  {"include": "http://example.com/.well-known/assetlinks.json"}
                ]
                """.utf8), "assetlinks.json", in: folder)
        let output = try BinaryRunner.run(["assetlinks", "validate", "--file", file])
        #expect(output.status == 65)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(file):2:4: warning: statement 0: unknown key \"relations\" is ignored; did you mean `relation`?"))
        #expect(lines.contains("\(file):2:3: error: statement 0: \"relation\" is missing"))
        #expect(lines.contains { $0.hasPrefix("\(file):3:59: error: statement 0: package_name \"shop\" is not a valid Android package name") })
        #expect(lines.contains { $0.hasPrefix("\(file):3:96: error: statement 0: fingerprint \"aa:bb\": expected 32 hex bytes") })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(file):4:17: warning: statement 1: relation \"delegate_permission/common.handle_all_url\" is not one the platform uses; did you mean")
            })
        #expect(
            lines.contains { $0.hasPrefix("\(file):5:28: error: statement 1: namespace \"androidapp\" is not android_app or web; did you mean `android_app`?") }
        )
        #expect(lines.contains { $0.contains("statement 2: fingerprint \(Self.fingerprint) is listed twice") })
        #expect(lines.contains { $0.contains("the bytes are not separated by colons") })
        #expect(lines.contains { $0.contains("statement 3: include \"http://example.com/.well-known/assetlinks.json\" must be an https URL") })
        let notJSON = try Self.write(Array("[{\"relation\": }]".utf8), "bad.json", in: folder)
        let located = try BinaryRunner.run(["assetlinks", "validate", "--file", notJSON])
        #expect(located.status == 65)
        #expect(located.stdout.hasPrefix("\(notJSON):1:15: error:"))
        let object = try Self.write(Array("{\"relation\": []}".utf8), "object.json", in: folder)
        #expect(try BinaryRunner.run(["assetlinks", "validate", "--file", object]).stdout.contains("must be a JSON array of statements"))
    }
}

/// `linksim init` and `aasa match` with the app's own iOS files, on the library's real-files fixtures.
@Suite struct InitAndIOSFilesCommandTests {
    static let files = "scenarios/realfiles/files"

    @Test func initWritesAScenarioThatReplaysGreen() throws {
        let folder = try RealFilesCommandTests.folder()
        let output = folder.appendingPathComponent("shop.yaml").path
        let run = try BinaryRunner.run([
            "init", "--entitlements", "\(Self.files)/ios/Shop.entitlements", "--info-plist", "\(Self.files)/ios/Info.plist",
            "--team-id", "ABCDE12345", "--bundle-id", "com.example.shop",
            "--aasa", "shop.example.com=\(Self.files)/ios/apple-app-site-association", "--os", "17.4", "-o", output,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: com.apple.developer.associated-domains is an entitlement"))
        #expect(!run.stderr.contains("CFBundleIdentifier"))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains(#"- tap: "https://shop.example.com/account/example""#))
        #expect(text.contains(#"expect: {lands: app, app: "com.example.shop", via: universal_link}"#))
        #expect(text.contains(#"- tap: "shopapp://open""#))
        let replay = try BinaryRunner.run(["replay", output])
        #expect(replay.status == 0, "\(replay.stdout)")
        // Never replaces a file.
        let again = try BinaryRunner.run([
            "init", "--entitlements", "\(Self.files)/ios/Shop.entitlements", "--team-id", "ABCDE12345",
            "--bundle-id", "com.example.shop", "-o", output,
        ])
        #expect(again.status == 74)
    }

    @Test func initForAndroidMergesManifestsAndTakesTheSigningKeyFromAssetLinks() throws {
        let folder = try RealFilesCommandTests.folder()
        let assetlinks = try RealFilesCommandTests.write(
            Array(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(RealFilesCommandTests.fingerprint)"]}}]
                """.utf8), "assetlinks.json", in: folder)
        let run = try BinaryRunner.run([
            "init", "--manifest", "\(Self.files)/library/app-AndroidManifest.xml",
            "--manifest", "\(Self.files)/library/AndroidManifest.xml",
            "--assetlinks", "shop.example.com=\(assetlinks)", "--os", "14",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"- tap: "https://shop.example.com/share/example""#))
        #expect(run.stdout.contains(#"expect: {lands: app, app: "com.example.shop", via: app_link}"#))
        #expect(!run.stdout.contains("legacy"))
        let bad = try BinaryRunner.run(["init", "--aasa", "no-equals-sign"])
        #expect(bad.status == 64)
        let none = try BinaryRunner.run(["init"])
        #expect(none.status == 64)
        // An app that claims no links gives nothing to tap: an error, not a scenario that does not load.
        let nothing = try BinaryRunner.run([
            "init", "--platform", "ios", "--app-id", "com.example.shop",
            "--aasa", "shop.example.com=\(Self.files)/ios/apple-app-site-association",
        ])
        #expect(nothing.status == 65 && nothing.stdout.isEmpty)
        #expect(nothing.stderr.contains("claims no links, so there is nothing to tap"))
        // A scheme that is a resource linksim could not resolve is named, with where to get it.
        let dir = try LearnCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
          <application>
            <activity android:name=".Main" android:exported="true">
              <intent-filter>
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="@string/oauth_scheme"/>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """.write(to: dir.appendingPathComponent("AndroidManifest.xml"), atomically: true, encoding: .utf8)
        let unresolved = try BinaryRunner.run(["init", "--manifest", "AndroidManifest.xml"], in: dir)
        #expect(unresolved.status == 65)
        #expect(unresolved.stderr.contains("its VIEW intent filter's scheme is not resolved at AndroidManifest.xml:8:"), "\(unresolved.stderr)")
        #expect(unresolved.stderr.contains("@string/oauth_scheme"))
    }

    @Test func aasaMatchTakesEntitlementsInfoPlistAndTeamID() throws {
        let run = try BinaryRunner.run([
            "aasa", "match", "--file", "\(Self.files)/ios/apple-app-site-association",
            "--team-id", "ABCDE12345", "--bundle-id", "com.example.shop",
            "--entitlements", "\(Self.files)/ios/Shop.entitlements",
            "--url", "https://other.example.com/p/1", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(#"{"result": "match""#))
        #expect(
            run.stdout.contains(
                #""entitlement": null, "entitlement_note": "the entitlements do not claim other.example.com: iOS never checks this file for this app"}"#))
        let noID = try BinaryRunner.run(["aasa", "match", "--file", "\(Self.files)/ios/apple-app-site-association", "--url", "https://x.com/"])
        #expect(noID.status == 64)
    }
}
