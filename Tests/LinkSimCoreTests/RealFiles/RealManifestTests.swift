import Testing

@testable import LinkSimCore

/// Issue #11 items 1–3: manifests as projects keep them, merged manifests and APK manifests.
@Suite struct RealManifestTests {
    static let shop = #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
          <application android:label="@string/app_name">
            <activity android:name=".LinkActivity" android:exported="true" android:launchMode="@integer/mode">
              <intent-filter android:autoVerify="@bool/verify">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="@string/scheme" android:host="${linkHost}" android:pathPrefix="/p/" />
              </intent-filter>
            </activity>
            <activity-alias android:name="${applicationId}.Alias" android:targetActivity=".LinkActivity" android:exported="true" />
          </application>
        </manifest>
        """#

    static func resources() throws -> AndroidResources {
        var resources = AndroidResources()
        try resources.add(
            Array(
                #"""
                <resources>
                  <string name="app_name">Shop</string>
                  <string name="scheme">  http </string>
                  <bool name="verify">true</bool>
                  <integer name="mode">2</integer>
                  <item type="string" name="alias_scheme">@string/scheme</item>
                </resources>
                """#.utf8), file: "res/values/strings.xml", folder: "values")
        try resources.add(
            Array(#"<resources><string name="scheme">"https"</string></resources>"#.utf8),
            file: "res/values-v31/strings.xml", folder: "values-v31")
        try resources.add(
            Array(#"<resources><string name="scheme">ftp</string></resources>"#.utf8),
            file: "res/values-fr/strings.xml", folder: "values-fr")
        return resources
    }

    @Test func placeholdersAndResourcesAreFilledAsTheBuildAndDeviceWould() throws {
        let options = ManifestOptions(
            applicationID: "com.example.shop.beta", placeholders: ["linkHost": "shop.example.com"],
            resources: try Self.resources(), api: 34)
        let parsed = try ManifestParser.parse(Array(Self.shop.utf8), file: "AndroidManifest.xml", options: options)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        let activity = try #require(parsed.manifest.activities.first)
        #expect(activity.launchMode == .singleTask)
        let filter = try #require(activity.intentFilters.first)
        #expect(filter.unresolved.isEmpty)
        #expect(filter.autoVerify)
        #expect(filter.data.first?.scheme == "https")  // values-v31 on API 34
        #expect(filter.data.first?.host == "shop.example.com")
        #expect(parsed.manifest.activities.last?.name == "com.example.shop.beta.Alias")
    }

    @Test func versionQualifiersChooseByAPILevelAndOtherQualifiersAreSkipped() throws {
        let resources = try Self.resources()
        #expect(resources.resolve("@string/scheme", api: 30) == "http")  // whitespace collapsed, no -v31
        #expect(resources.resolve("@string/scheme", api: 31) == "https")
        #expect(resources.resolve("@string/alias_scheme", api: 31) == "https")  // a reference to a reference
        #expect(resources.resolve("@string/missing", api: 31) == nil)
        #expect(resources.skippedFolders == ["values-fr"])
        #expect(AndroidResources.apiQualifier(folder: "values-v23") == 23)
        #expect(AndroidResources.apiQualifier(folder: "values-night-v23") == nil)
    }

    @Test func unresolvedValueOffTheMatchingPathIsAWarningOnly() throws {
        let parsed = try ManifestParser.parse(
            Array(Self.shop.utf8), file: "AndroidManifest.xml",
            options: ManifestOptions(
                applicationID: "com.example.shop",
                placeholders: ["linkHost": "shop.example.com"]))
        // @integer/mode (launchMode) and the application label are not resolvable without res/.
        #expect(parsed.warnings.count == 1)
        #expect(parsed.warnings.first?.description.hasPrefix("AndroidManifest.xml:3:68: warning: android:launchMode=\"@integer/mode\"") == true)
        let filter = try #require(parsed.manifest.activities.first?.intentFilters.first)
        #expect(Set(filter.unresolved.map(\.attribute)) == ["autoVerify", "scheme"])
    }

    @Test func aFilterThatCouldMatchIsUnknownAndOneThatCannotIsASureMiss() throws {
        let parsed = try ManifestParser.parse(
            Array(Self.shop.utf8), file: "AndroidManifest.xml",
            options: ManifestOptions(applicationID: "com.example.shop", resources: try Self.resources()))
        let manifest = parsed.manifest
        let (report, unknown) = IntentFilterMatcher.evaluateWithUnknowns(
            manifest, packageName: "com.example.shop",
            url: "https://shop.example.com/p/1", api: 34)
        #expect(report.matches.isEmpty)
        #expect(unknown.count == 1)
        #expect(unknown.first?.activity == "com.example.shop.LinkActivity")
        #expect(unknown.first?.reason.contains("${linkHost}") == true)
        // /about fails on the path whatever the host is: a confident non-match, not unknown.
        let about = IntentFilterMatcher.evaluateWithUnknowns(
            manifest, packageName: "com.example.shop",
            url: "https://shop.example.com/about", api: 34)
        #expect(about.unknown.isEmpty)
        #expect(about.report.matches.isEmpty)
        // With the placeholder the same link is a confident match.
        let filled = try ManifestParser.parse(
            Array(Self.shop.utf8), file: "AndroidManifest.xml",
            options: ManifestOptions(
                applicationID: "com.example.shop", placeholders: ["linkHost": "shop.example.com"],
                resources: try Self.resources()))
        let sure = IntentFilterMatcher.evaluateWithUnknowns(
            filled.manifest, packageName: "com.example.shop",
            url: "https://shop.example.com/p/1", api: 34)
        #expect(sure.unknown.isEmpty)
        #expect(sure.report.matches.map(\.activity) == ["com.example.shop.LinkActivity"])
    }

    @Test func notAManifestIsStillRefused() {
        #expect(throws: InputError.self) {
            _ = try ManifestParser.parse(Array("<resources/>".utf8), file: "x.xml", options: ManifestOptions())
        }
    }

    // MARK: Merger

    static let app = #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools" package="com.example.shop">
          <application>
            <activity android:name=".Main" android:exported="true" />
            <activity android:name="com.example.lib.Old" tools:node="remove" />
            <activity android:name="com.example.lib.Share" tools:remove="android:enabled" />
            <activity android:name="com.example.lib.Replaced" android:exported="true" tools:node="replace" />
          </application>
        </manifest>
        """#
    static let library = #"""
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.lib">
          <application>
            <activity android:name=".Share" android:exported="true" android:enabled="false">
              <intent-filter>
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="shop.example.com" android:pathPrefix="/share/" />
              </intent-filter>
            </activity>
            <activity android:name=".Old" android:exported="true">
              <intent-filter><action android:name="android.intent.action.VIEW" /></intent-filter>
            </activity>
            <activity android:name=".Replaced" android:exported="true">
              <intent-filter><action android:name="android.intent.action.VIEW" /></intent-filter>
            </activity>
          </application>
        </manifest>
        """#

    @Test func libraryManifestsMergeWithToolsMarkers() throws {
        let parsed = try ManifestParser.parse(
            files: [
                (Array(Self.app.utf8), "app/AndroidManifest.xml"),
                (Array(Self.library.utf8), "lib/AndroidManifest.xml"),
            ],
            options: ManifestOptions())
        let names = parsed.manifest.activities.map(\.name)
        #expect(names == ["com.example.shop.Main", "com.example.lib.Share", "com.example.lib.Replaced"])
        let share = try #require(parsed.manifest.activities.first { $0.name == "com.example.lib.Share" })
        #expect(share.enabled)  // tools:remove="android:enabled"
        #expect(share.intentFilters.first?.source == "lib/AndroidManifest.xml:4")
        let replaced = try #require(parsed.manifest.activities.last)
        #expect(replaced.intentFilters.isEmpty)  // tools:node="replace" keeps the app's element alone
        let (report, _) = IntentFilterMatcher.evaluateWithUnknowns(
            parsed.manifest, packageName: "com.example.shop",
            url: "https://shop.example.com/share/1", api: 34)
        #expect(report.matches.map(\.activity) == ["com.example.lib.Share"])
    }

    // MARK: Compiled manifests (APK)

    @Test func compiledManifestWithResourceTableResolvesReferences() throws {
        typealias W = CompiledXMLWriter
        let table = W.table(
            types: [
                (name: "string", entries: [(name: "host", value: .string("shop.example.com")), (name: "scheme", value: .string("http"))]),
                (name: "bool", entries: [(name: "verify", value: .bool(true))]),
            ], v31: ["string": [(index: 1, value: .string("https"))]])
        let filter = W.Element(
            name: "intent-filter", attributes: [("autoVerify", .reference(0x7F02_0000))],
            children: [
                W.Element(name: "action", attributes: [("name", .string("android.intent.action.VIEW"))], line: 6),
                W.Element(name: "category", attributes: [("name", .string("android.intent.category.DEFAULT"))], line: 7),
                W.Element(name: "category", attributes: [("name", .string("android.intent.category.BROWSABLE"))], line: 8),
                W.Element(
                    name: "data",
                    attributes: [
                        ("scheme", .reference(0x7F01_0001)), ("host", .reference(0x7F01_0000)),
                        ("pathPrefix", .string("/p/")),
                    ], line: 9),
            ], line: 5)
        let manifest = W.manifest(
            W.Element(
                name: "manifest", attributes: [("package", .string("com.example.shop"))],
                children: [
                    W.Element(
                        name: "application",
                        children: [
                            W.Element(
                                name: "activity",
                                attributes: [
                                    ("name", .string("com.example.shop.LinkActivity")), ("exported", .bool(true)),
                                    ("launchMode", .int(1)),
                                ], children: [filter], line: 4)
                        ], line: 3)
                ], line: 2))
        let parsed = try ManifestParser.parse(
            binary: manifest, resourceTable: table, file: "app.apk!/AndroidManifest.xml",
            tableFile: "app.apk!/resources.arsc", options: ManifestOptions(api: 34))
        #expect(parsed.manifest.package == "com.example.shop")
        let activity = try #require(parsed.manifest.activities.first)
        #expect(activity.launchMode == .singleTop)
        #expect(activity.exported == true)
        let compiled = try #require(activity.intentFilters.first)
        #expect(compiled.unresolved.isEmpty)
        #expect(compiled.autoVerify)
        #expect(compiled.data.first?.scheme == "https")
        #expect(compiled.data.first?.host == "shop.example.com")
        // On API 30 the default configuration's value applies.
        let older = try ManifestParser.parse(binary: manifest, resourceTable: table, file: "m", tableFile: "t", options: ManifestOptions(api: 30))
        #expect(older.manifest.activities.first?.intentFilters.first?.data.first?.scheme == "http")
        // Without the table the references stay unresolved and the filter is unknown for a link it could match.
        let bare = try ManifestParser.parse(binary: manifest, resourceTable: nil, file: "m", tableFile: "t", options: ManifestOptions())
        let unknown = IntentFilterMatcher.evaluateWithUnknowns(
            bare.manifest, packageName: "com.example.shop",
            url: "https://shop.example.com/p/1", api: 34
        ).unknown
        #expect(unknown.count == 1)
    }

    @Test func truncatedCompiledFilesAreLocatedErrorsNotCrashes() {
        let manifest = CompiledXMLWriter.manifest(CompiledXMLWriter.Element(name: "manifest"))
        for length in [0, 4, 8, 20, manifest.count - 3] {
            #expect(throws: InputError.self) {
                _ = try ManifestParser.parse(
                    binary: Array(manifest.prefix(length)), resourceTable: nil, file: "m", tableFile: "t",
                    options: ManifestOptions())
            }
        }
        #expect(throws: InputError.self) {
            _ = try BinaryXML.resourceTable([0x02, 0x00, 0x0C, 0x00, 0xFF, 0xFF, 0, 0], file: "t")
        }
    }

    /// Hostile input: mutated compiled files never crash or hang; they parse or throw a located error.
    @Test func mutatedCompiledFilesNeverCrash() {
        typealias W = CompiledXMLWriter
        let table = W.table(types: [(name: "string", entries: [(name: "host", value: .string("shop.example.com"))])])
        let manifest = W.manifest(
            W.Element(
                name: "manifest", attributes: [("package", .string("p.q"))],
                children: [
                    W.Element(
                        name: "application",
                        children: [
                            W.Element(
                                name: "activity", attributes: [("name", .string("p.q.A")), ("exported", .bool(true))],
                                children: [
                                    W.Element(
                                        name: "intent-filter",
                                        children: [
                                            W.Element(name: "data", attributes: [("scheme", .string("https")), ("host", .reference(0x7F01_0000))])
                                        ])
                                ])
                        ])
                ]))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var parsed = 0
        for round in 0..<1500 {
            var m = manifest
            var t = table
            for _ in 0..<(1 + round % 4) {
                m[next() % m.count] = UInt8(truncatingIfNeeded: next())
                t[next() % t.count] = UInt8(truncatingIfNeeded: next())
            }
            if round % 7 == 0 { m = Array(m.prefix(next() % m.count)) }
            if (try? ManifestParser.parse(binary: m, resourceTable: t, file: "m", tableFile: "t", options: ManifestOptions())) != nil {
                parsed += 1
            }
        }
        #expect(parsed > 0)
    }

    /// Found by the `apk` fuzz target: a type chunk whose header is shorter than a configuration
    /// made an empty-range loop trap. It must be read (or refused), never crash.
    @Test func typeChunkWithAShortHeaderDoesNotTrap() throws {
        var table = CompiledXMLWriter.table(types: [(name: "string", entries: [(name: "host", value: .string("h"))])])
        let marker: [UInt8] = [0x01, 0x02, 0x54, 0x00]  // RES_TABLE_TYPE_TYPE, header size 84
        let index = try #require((0...(table.count - 4)).first { Array(table[$0..<($0 + 4)]) == marker })
        table[index + 2] = 0x14  // header size 20: no room for the configuration
        _ = try? BinaryXML.resourceTable(table, file: "t")
    }
}
