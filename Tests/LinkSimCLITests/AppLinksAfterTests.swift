import Foundation
import Testing

/// `linksim android app-links FILE --after N` prints the App Link state a scenario's actions left.
@Suite struct AppLinksAfterTests {
    static let c8 = "scenarios/android/cts/c8-new-verify-takes-over-selected.yaml"

    func enabled(_ output: String, for package: String) -> [String] {
        guard let start = output.range(of: "  \(package):\n") else { return [] }
        let block = output[start.upperBound...]
        guard let enabled = block.range(of: "        Enabled:\n"), let disabled = block.range(of: "        Disabled:\n") else { return [] }
        return block[enabled.upperBound..<disabled.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func selectionsAndStatesFollowTheActions() throws {
        let before = try BinaryRunner.run(["android", "app-links", Self.c8, "--user", "--after", "0"])
        #expect(before.status == 0)
        #expect(enabled(before.stdout, for: "com.example.pkg2").isEmpty)

        let selected = try BinaryRunner.run(["android", "app-links", Self.c8, "--user", "--after", "1"])
        #expect(enabled(selected.stdout, for: "com.example.pkg2") == ["d1.example.com", "d2.example.com"])

        // pkg1 verified for d1 takes it over: pkg2 keeps only d2.
        let verified = try BinaryRunner.run(["android", "app-links", Self.c8, "--user", "--after", "2"])
        #expect(verified.stdout.contains("      d1.example.com: verified\n"))
        #expect(enabled(verified.stdout, for: "com.example.pkg2") == ["d2.example.com"])
    }

    @Test func anAfterBeyondTheActionsIsAUsageError() throws {
        let out = try BinaryRunner.run(["android", "app-links", Self.c8, "--after", "99"])
        #expect(out.status == 64)
        #expect(out.stderr.contains("--after must be between 0 and"))
    }
}
