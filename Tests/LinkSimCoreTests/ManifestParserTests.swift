import Testing

@testable import LinkSimCore

@Suite struct ManifestParserTests {
    static let realistic = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <!-- A shop app: web links, a custom scheme, an alias and a Android 15 group. -->
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:tools="http://schemas.android.com/tools"
            package="com.example.shop">

            <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="34" />
            <uses-permission android:name="android.permission.INTERNET" />

            <application
                android:label="@string/app_name"
                android:icon="@mipmap/ic_launcher"
                tools:replace="android:label">

                <activity
                    android:name=".MainActivity"
                    android:exported="true"
                    android:launchMode="singleTask"
                    tools:ignore="AppLinkUrlError">
                    <intent-filter>
                        <action android:name="android.intent.action.MAIN" />
                        <category android:name="android.intent.category.LAUNCHER" />
                    </intent-filter>
                    <intent-filter android:autoVerify="true">
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" android:pathPrefix="/product/" />
                        <data android:scheme="https" android:host="*.example.com" android:pathPattern="/.*\\.pdf" />
                        <data android:pathSuffix=".html" android:pathAdvancedPattern="/items/[0-9]+" />
                        <data android:host="shop.example.com" android:port="8443" />
                        <uri-relative-filter-group android:allow="false">
                            <data android:pathPrefix="/product/" android:queryPrefix="preview" />
                            <data android:fragment="top" />
                        </uri-relative-filter-group>
                        <uri-relative-filter-group>
                            <data android:query="ref=mail" android:scheme="ignored" />
                        </uri-relative-filter-group>
                    </intent-filter>
                </activity>

                <activity android:name="com.example.shop.ui.DeepLinkActivity" android:exported="false"
                          android:enabled="false">
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="shopapp" android:ssp="cart" android:sspPrefix="//p" android:mimeType="text/plain" />
                    </intent-filter>
                </activity>

                <activity-alias android:name="Alias" android:targetActivity=".MainActivity" android:exported="true">
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="shopapp" />
                    </intent-filter>
                </activity-alias>

                <service android:name=".Sync" android:exported="false">
                    <intent-filter><action android:name="x.SYNC" /></intent-filter>
                </service>
            </application>
        </manifest>
        """#

    static func parse(_ text: String) throws(InputError) -> AndroidManifest {
        try ManifestParser.parse(Array(text.utf8), file: "AndroidManifest.xml")
    }

    static func errors(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static func wrap(_ activity: String, prefix: String = "android") -> String {
        """
        <manifest xmlns:\(prefix)="http://schemas.android.com/apk/res/android" package="com.x">
          <application>
            \(activity)
          </application>
        </manifest>
        """
    }

    @Test func realisticManifest() throws {
        let manifest = try Self.parse(Self.realistic)
        #expect(manifest.package == "com.example.shop")
        #expect(manifest.targetSDK == 34)
        #expect(manifest.activities.map(\.name) == [".MainActivity", "com.example.shop.ui.DeepLinkActivity", "Alias"])

        let main = manifest.activities[0]
        #expect(main.exported == true)
        #expect(main.launchMode == .singleTask)
        #expect(main.intentFilters.count == 2)
        let link = main.intentFilters[1]
        #expect(link.autoVerify)
        #expect(!main.intentFilters[0].autoVerify)
        #expect(link.actions == [IntentFilter.actionView])
        #expect(link.categories == [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable])
        #expect(link.data.count == 4)
        #expect(link.data[0] == IntentFilterData(scheme: "https", host: "shop.example.com", pathPrefix: "/product/"))
        // XML `\\.` is the pattern `\.` (android.md §1.1).
        #expect(link.data[1].pathPattern == #"/.*\.pdf"#)
        #expect(link.data[2].pathSuffix == ".html")
        #expect(link.data[2].pathAdvancedPattern == "/items/[0-9]+")
        #expect(link.data[3].port == "8443")

        #expect(link.uriRelativeFilterGroups.count == 2)
        let block = link.uriRelativeFilterGroups[0]
        #expect(!block.allow)
        #expect(block.data.count == 2)
        #expect(block.data[0].pathPrefix == "/product/")
        #expect(block.data[0].queryPrefix == "preview")
        #expect(block.data[1].fragment == "top")
        #expect(link.uriRelativeFilterGroups[1].allow)
        #expect(link.uriRelativeFilterGroups[1].data[0].query == "ref=mail")

        let deep = manifest.activities[1]
        #expect(deep.exported == false)
        #expect(!deep.enabled)
        #expect(deep.launchMode == .standard)
        #expect(deep.intentFilters[0].data[0].ssp == "cart")
        #expect(deep.intentFilters[0].data[0].sspPrefix == "//p")
        #expect(deep.intentFilters[0].data[0].mimeType == "text/plain")

        let alias = manifest.activities[2]
        #expect(alias.targetActivity == ".MainActivity")
        #expect(alias.qualifiedName(package: "com.example.shop") == "com.example.shop.Alias")
    }

    @Test func realisticManifestMatches() throws {
        let manifest = try Self.parse(Self.realistic)
        func match(_ url: String, api: Int = 36) -> [String] {
            IntentFilterMatcher.matchingActivities(in: manifest, packageName: "com.example.shop", url: url, api: api)
                .map { "\($0.activity)#\($0.filter)" }
        }
        #expect(match("https://shop.example.com/product/42") == ["com.example.shop.MainActivity#1"])
        #expect(match("https://shop.example.com/about") == [])
        #expect(match("https://shop.example.com/about", api: 30) == [])
        #expect(match("https://m.example.com/a.pdf") == ["com.example.shop.MainActivity#1"])
        #expect(match("https://m.example.com/about?ref=mail", api: 35) == ["com.example.shop.MainActivity#1"])
        #expect(match("https://m.example.com/about?ref=mail", api: 34) == [])
        #expect(match("shopapp://cart") == ["com.example.shop.Alias#0"])
    }

    @Test func otherPrefixAndToolsNamespaceIgnored() throws {
        let text = """
            <manifest xmlns:a="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools" package="com.x">
              <application>
                <activity a:name=".M" a:exported="true" tools:node="merge" tools:host="@string/ignored">
                  <intent-filter tools:autoVerify="true">
                    <action a:name="android.intent.action.VIEW" />
                    <data a:scheme="https" tools:host="ignored.example" a:host="x.com" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let manifest = try Self.parse(text)
        #expect(manifest.activities[0].intentFilters[0].data[0].host == "x.com")
        #expect(manifest.activities[0].intentFilters[0].autoVerify == false)
    }

    @Test func unescaping() {
        #expect(ManifestParser.unescape(#"/a\\*"#) == #"/a\*"#)
        #expect(ManifestParser.unescape(#"/a\*"#) == "/a*")
        #expect(ManifestParser.unescape(#"\\\\"#) == #"\\"#)
        #expect(ManifestParser.unescape(#"\u0041b\n"#) == "Ab\n")
        #expect(ManifestParser.unescape("plain") == "plain")
    }

    @Test func xmlEntitiesAreDecoded() throws {
        let manifest = try Self.parse(
            Self.wrap(
                """
                <activity android:name=".M" android:exported="true"><intent-filter>
                  <data android:scheme="https" android:host="x.com" android:path="/a&amp;b" /></intent-filter></activity>
                """))
        #expect(manifest.activities[0].intentFilters[0].data[0].path == "/a&b")
    }

    // MARK: Errors, exactly

    @Test func unresolvedResourceReferenceOnMatchingAttributeIsRecordedNotAnError() throws {
        let manifest = try Self.parse(
            Self.wrap(
                """
                <activity android:name=".M" android:exported="true">
                      <intent-filter>
                        <data android:scheme="https" android:host="@string/host" />
                      </intent-filter>
                    </activity>
                """))
        let filter = try #require(manifest.activities.first?.intentFilters.first)
        #expect(filter.data.first?.host == nil)
        #expect(filter.unresolved.map(\.description) == [#"android:host="@string/host" (AndroidManifest.xml:5:38)"#])
        #expect(filter.unresolved.first?.scope == .data)
        #expect(filter.unresolved.first?.dataIndex == 0)
    }

    @Test func unresolvedPlaceholderOnExportedMakesEveryFilterOfTheActivityDepend() throws {
        let manifest = try Self.parse(
            Self.wrap(
                #"<activity android:name=".M" android:exported="${exported}"><intent-filter><action android:name="android.intent.action.VIEW" /></intent-filter></activity>"#
            ))
        let activity = try #require(manifest.activities.first)
        #expect(activity.exported == nil)
        #expect(activity.intentFilters.first?.unresolved.map(\.attribute) == ["exported"])
        #expect(activity.intentFilters.first?.unresolved.first?.reason.contains("--define exported=<value>") == true)
    }

    @Test func unknownLaunchModeNamesValidValues() {
        let errors = Self.errors(Self.wrap(#"<activity android:name=".M" android:launchMode="singletop" />"#))
        #expect(
            errors == [
                #"AndroidManifest.xml:3:33: error: android:launchMode="singletop" in <activity>: unknown launch mode; valid values are standard, singleTop, singleTask, singleInstance, singleInstancePerTask"#
            ])
    }

    @Test func malformedXMLNamesTheLine() {
        let errors = Self.errors(
            """
            <manifest package="com.x">
              <application>
                <activity>
              </application>
            </manifest>
            """)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("AndroidManifest.xml:4:") == true)
        #expect(errors.first?.contains("error: malformed XML: end tag does not match the open element (the open element is <activity> from line 3)") == true)
    }

    @Test func emptyFileAndWrongRoot() {
        #expect(Self.errors("") == ["AndroidManifest.xml:1:1: error: the file has no XML element; expected <manifest>"])
        #expect(
            Self.errors("<resources/>") == [
                "AndroidManifest.xml:1:1: error: the root element is <resources>; an AndroidManifest.xml starts with <manifest>"
            ])
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let errors = Self.errors(
            Self.wrap(
                """
                <activity android:exported="maybe">
                      <intent-filter>
                        <action />
                        <data android:scheme="https" android:port="https" android:pathAdvancedPattern="[a" />
                      </intent-filter>
                    </activity>
                    <activity-alias android:name=".A" />
                """))
        #expect(
            errors == [
                "AndroidManifest.xml:3:5: error: <activity> has no android:name",
                #"AndroidManifest.xml:3:15: error: android:exported="maybe" in <activity>: expected true or false"#,
                "AndroidManifest.xml:5:9: error: <action> has no android:name",
                #"AndroidManifest.xml:6:38: error: android:port="https" in <data>: expected a port number"#,
                #"AndroidManifest.xml:6:59: error: android:pathAdvancedPattern="[a" in <data>: invalid advanced pattern (set was not terminated); Android's PatternMatcher rejects it"#,
                "AndroidManifest.xml:9:5: error: <activity-alias> .A has no android:targetActivity",
            ])
    }

    @Test func badBooleanAndUndeclaredPrefix() {
        #expect(
            Self.errors(Self.wrap(#"<activity android:name=".M" android:exported="yes" />"#)) == [
                #"AndroidManifest.xml:3:33: error: android:exported="yes" in <activity>: expected true or false"#
            ])
        let undeclared = Self.errors(
            """
            <manifest package="com.x"><application><activity android:name=".M" /></application></manifest>
            """)
        #expect(
            undeclared == [
                #"AndroidManifest.xml:1:50: error: android:name in <activity>: namespace prefix "android" is not declared (add xmlns:android="..." to <manifest>)"#
            ])
    }

    @Test func targetSdkFallsBackToMinSdk() throws {
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.x">
              <uses-sdk android:minSdkVersion="31" />
            </manifest>
            """
        #expect(try Self.parse(text).targetSDK == 31)
        #expect(try Self.parse(#"<manifest package="p"/>"#).targetSDK == nil)
    }
}
