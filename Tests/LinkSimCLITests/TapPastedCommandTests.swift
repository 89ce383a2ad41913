import Foundation
import Testing

/// `linksim tap --adb '…'` / `--simctl '…'`: a command line QA pasted becomes a tap (issue #18 item 4).
@Suite struct TapPastedCommandTests {
    @Test func adbLineWithAPackageOpensTheApp() throws {
        let dir = FileManager.default.temporaryDirectory
        let run = try BinaryRunner.run(
            [
                "tap", "--adb", "adb shell am start -W -a android.intent.action.VIEW -d 'shopapp://item/1' com.example.shop",
                "--app", "com.example.shop", "--scheme", "shopapp",
            ], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout.contains("tap shopapp://item/1 from adb"))
        // The header names the pasted URL and source, not the (absent) URL argument and the default source.
        #expect(run.stdout.hasPrefix("tap shopapp://item/1 on Android"))
        #expect(run.stdout.components(separatedBy: "\n").first?.hasSuffix("from adb") == true)
        #expect(run.stdout.contains("[android.adb.explicit-package]"))
        #expect(run.stdout.contains("→ APP  app com.example.shop"))
    }

    @Test func simctlLineAsksForASchemeLink() throws {
        let dir = FileManager.default.temporaryDirectory
        let run = try BinaryRunner.run(
            ["tap", "--simctl", "xcrun simctl openurl booted \"shopapp://item/1\"", "--app", "com.example.shop", "--scheme", "shopapp"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("→ PROMPT"))
    }

    @Test func badPastedLinesAreUsageErrors() throws {
        let dir = FileManager.default.temporaryDirectory
        let component = try BinaryRunner.run(["tap", "--adb", "adb shell am start -n com.x/.Main"], in: dir)
        #expect(component.status == 64 && component.stderr.contains("-n COMPONENT"))
        let both = try BinaryRunner.run(["tap", "https://x.example/", "--adb", "adb shell am start -d https://x.example/"], in: dir)
        #expect(both.status == 64 && both.stderr.contains("drop the URL argument"))
        let none = try BinaryRunner.run(["tap"], in: dir)
        #expect(none.status == 64)
    }
}
