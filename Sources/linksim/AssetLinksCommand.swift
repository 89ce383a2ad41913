import ArgumentParser
import Foundation
import LinkSimCore

/// `linksim assetlinks validate`: what `aasa validate` is for AASA, for Digital Asset Links.
struct AssetLinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Android Digital Asset Links tools.",
        subcommands: [Validate.self]
    )

    enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case text, json
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check an assetlinks.json file for what the Android verifier rejects or ignores.",
            discussion: """
                Checks JSON syntax (with line and column), the statement list, relation strings, the target \
                namespace, package-name syntax, fingerprint format (32 colon-separated upper-case hex bytes) and \
                duplicates, and include statements. With --package (and --fingerprint), also checks that a \
                statement grants delegate_permission/common.handle_all_urls to that app and signing key; include \
                statements are not fetched. Exit status: 65 if the file has an error, 1 if the expected package or \
                fingerprint is not granted, 0 otherwise (warnings alone pass).
                """
        )

        @Option(help: "The assetlinks.json file.")
        var file: String

        @Option(help: ArgumentHelp("The application ID that must be granted handle_all_urls.", valueName: "id"))
        var package: String?

        @Option(help: ArgumentHelp("The SHA-256 signing fingerprint that must be listed for it (AA:BB:...).", valueName: "sha256"))
        var fingerprint: String?

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        func run() throws {
            let bytes: [UInt8]
            do {
                bytes = try RealFileInput.read(file)
            } catch {
                for line in error.lines { Console.error(line) }
                throw ExitCode(65)
            }
            let (findings, expectation) = AssetLinksValidator.validate(bytes, package: package, fingerprint: fingerprint)
            var missing: String?
            if case .missing(let why)? = expectation { missing = why }
            switch format {
            case .text:
                FindingsOutput.printFindings(findings, file: file)
                if let missing {
                    Console.line("\(file): expected: \(SafeText.escape(missing))")
                } else if expectation == .found {
                    Console.line(
                        "\(file): grants handle_all_urls to \(SafeText.escape(package ?? "the package"))"
                            + (fingerprint.map { " with \(SafeText.escape($0))" } ?? ""))
                }
                FindingsOutput.printSummary(findings, file: file)
            case .json:
                let expected = expectation.map { FileCommandJSON.ValidationReport.Expected(granted: $0 == .found, reason: missing) }
                Console.out(FindingsOutput.json(findings, file: file, expected: expected))
            }
            if FindingsOutput.errorCount(findings) > 0 { throw ExitCode(65) }
            if missing != nil { throw ExitCode(1) }
        }
    }
}
