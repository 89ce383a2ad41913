import Foundation
import Testing

/// `linksim android match`, run as a user would (contract §1 and §1.2).
@Suite struct AndroidCommandTests {
    static let manifest = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
            <uses-sdk android:targetSdkVersion="34" />
            <application>
                <activity android:name=".MainActivity" android:exported="true">
                    <intent-filter android:autoVerify="true">
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" android:pathPrefix="/product/" />
                    </intent-filter>
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" android:pathSuffix=".pdf" />
                    </intent-filter>
                </activity>
                <activity android:name="com.example.shop.Hidden" android:exported="false">
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" />
                    </intent-filter>
                </activity>
            </application>
        </manifest>
        """#

    /// Writes `text` to a fresh temporary folder and returns the file's path.
    static func write(_ text: String, name: String = "AndroidManifest.xml") throws -> String {
        let folder = Scratch.folder("android")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    static func match(_ extra: [String], manifest text: String = manifest) throws -> BinaryRunner.Output {
        let path = try write(text)
        return try BinaryRunner.run(["android", "match", "--manifest", path] + extra)
    }

    @Test func jsonMatchesContractShape() throws {
        let output = try Self.match(["--url", "https://shop.example.com/product/42", "--format", "json"])
        #expect(output.status == 0)
        #expect(output.stdout == #"{"matches": [{"activity": "com.example.shop.MainActivity", "filter": 0, "auto_verify": true}]}"# + "\n")
        let decoded = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect((decoded?["matches"] as? [Any])?.count == 1)
    }

    @Test func pathSuffixDependsOnAndroidVersion() throws {
        let url = "https://shop.example.com/manual.html"
        let android12 = try Self.match(["--url", url, "--android", "api31", "--format", "json"])
        #expect(android12.stdout == #"{"matches": []}"# + "\n")
        // On API 30 pathSuffix does not exist, so the second filter matches every path.
        let android11 = try Self.match(["--url", url, "--android", "30", "--format", "json"])
        #expect(android11.status == 0)
        #expect(android11.stdout == #"{"matches": [{"activity": "com.example.shop.MainActivity", "filter": 1, "auto_verify": false}]}"# + "\n")
    }

    @Test func appIDQualifiesRelativeNames() throws {
        let output = try Self.match([
            "--url", "https://shop.example.com/product/1", "--app-id", "com.example.shop.debug",
            "--format", "json",
        ])
        #expect(output.stdout.contains(#""activity": "com.example.shop.debug.MainActivity""#))
    }

    @Test func textExplainsMatchesAndMisses() throws {
        let output = try Self.match(["--url", "https://shop.example.com/about"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("No activity matches."))
        #expect(
            output.stdout.contains(
                #"com.example.shop.MainActivity filter #0: NO_MATCH_DATA: path "/about" matches none of the filter's 1 path entry  [android.filter.path-match]"#
            ))
        #expect(
            output.stdout.contains(
                #"com.example.shop.Hidden filter #0: the filter matches, but com.example.shop.Hidden is android:exported="false": other apps cannot start it  [android.filter.exported]"#
            ))
    }

    @Test func noMatchIsStillSuccess() throws {
        let output = try Self.match(["--url", "myapp://x", "--format", "json"])
        #expect(output.status == 0)
        #expect(output.stdout == #"{"matches": []}"# + "\n")
        #expect(output.stderr.isEmpty)
    }

    @Test func badOptionsExit64() throws {
        let badVersion = try Self.match(["--url", "https://shop.example.com/", "--android", "fourteen"])
        #expect(badVersion.status == 64)
        #expect(badVersion.stderr.contains("--android expects an API level such as 34 or api34"))
        // The same release range as --os and device.os: API 46 is a future release, 47 a typo.
        #expect(try Self.match(["--url", "https://shop.example.com/", "--android", "46"]).status == 0)
        let farFuture = try Self.match(["--url", "https://shop.example.com/", "--android", "47"])
        #expect(farFuture.status == 64)
        #expect(farFuture.stderr.contains("far past the newest release"))
        let badFormat = try Self.match(["--url", "https://shop.example.com/", "--format", "yaml"])
        #expect(badFormat.status == 64)
        let missingURL = try Self.match([])
        #expect(missingURL.status == 64)
        // A URL without a scheme is a usage mistake here as in `tap`, `matrix --url` and `aasa match --url`.
        let noScheme = try Self.match(["--url", "nota url"])
        #expect(noScheme.status == 64)
        #expect(noScheme.stderr.contains("--url: `nota url` is not a URL with a scheme"))
        #expect(noScheme.stdout.isEmpty)
        // An empty application id would qualify `.Main` as `.Main`: a usage mistake, said as one.
        for empty in ["", "  "] {
            let emptyID = try Self.match(["--url", "https://shop.example.com/", "--app-id", empty])
            #expect(emptyID.status == 64)
            #expect(emptyID.stderr.contains("--app-id must not be empty"))
            #expect(emptyID.stdout.isEmpty)
        }
    }

    @Test func unreadableManifestExits65() throws {
        let output = try BinaryRunner.run([
            "android", "match", "--manifest", "/nonexistent/AndroidManifest.xml",
            "--url", "https://x/",
        ])
        #expect(output.status == 65)
        #expect(output.stderr == "/nonexistent/AndroidManifest.xml: error: cannot read the file\n")
        #expect(output.stdout.isEmpty)
    }

    @Test func malformedManifestExits65WithDiagnostics() throws {
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="p">
              <application>
                <activity android:name=".M" android:launchMode="singletop">
                  <intent-filter>
                    <data android:scheme="https" android:host="@string/host" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let path = try Self.write(text)
        let output = try BinaryRunner.run(["android", "match", "--manifest", path, "--url", "https://x/"])
        #expect(output.status == 65)
        #expect(
            output.stderr == """
                \(path):3:33: error: android:launchMode="singletop" in <activity>: unknown launch mode; valid values are standard, singleTop, singleTask, singleInstance, singleInstancePerTask

                """)
        let broken = try Self.write("<manifest>\n  <application>\n</manifest>\n")
        let brokenOutput = try BinaryRunner.run(["android", "match", "--manifest", broken, "--url", "https://x/"])
        #expect(brokenOutput.status == 65)
        #expect(brokenOutput.stderr.hasPrefix("\(broken):3:"))
        #expect(brokenOutput.stderr.contains("error: malformed XML"))
    }

    @Test func bareSmallNumberIsAnAPILevelWithANote() throws {
        let output = try Self.match(["--url", "https://shop.example.com/product/1", "--android", "14", "--format", "json"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("note: --android 14 means API level 14; Android 14 is API 34"))
    }

    @Test func implicitExportedTargeting31DoesNotInstall() throws {
        let text = Self.manifest.replacingOccurrences(
            of: #"android:name=".MainActivity" android:exported="true""#,
            with: #"android:name=".MainActivity""#)
        let output = try Self.match(["--url", "https://shop.example.com/product/1", "--target-sdk", "31"], manifest: text)
        #expect(output.status == 0)
        #expect(output.stdout.contains("the app does not install"))
        #expect(output.stdout.contains("No activity matches."))
    }
}
