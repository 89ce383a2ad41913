import Testing

@Suite struct UsageTests {
    @Test func binaryExists() throws {
        let output = try BinaryRunner.run(["--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("linksim"))
    }
}
