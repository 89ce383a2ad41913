import ArgumentParser
import Foundation
import LinkSimCore

/// `linksim aasa match|validate`: Apple's apple-app-site-association matching and checks (contract §1, §1.1).
struct AASACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Match a URL against an apple-app-site-association file, or check the file.",
        subcommands: [Match.self, Validate.self]
    )

    enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case text, json
    }

    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "match",
            abstract: "Show how iOS matches one URL for one app against an apple-app-site-association file.",
            discussion: """
                The result is match, exclude or no_match, with the details entry and component (or paths \
                entry) that decided. The URL's host is not checked: the file is taken to be the one served \
                for that host. Exit status 0 whenever the match was computed, whatever the result.
                """
        )

        @Option(help: "The apple-app-site-association file (JSON).")
        var file: String

        @Option(name: .customLong("app-id"), help: "The full application identifier, TEAMID.bundle.id (or give --team-id and --bundle-id).")
        var appID: String?

        @Option(name: .customLong("team-id"), help: ArgumentHelp("The Team ID (application identifier prefix), e.g. ABCDE12345.", valueName: "id"))
        var teamID: String?

        @Option(
            name: .customLong("bundle-id"),
            help: ArgumentHelp("The bundle ID, e.g. com.example.shop (default: Info.plist's CFBundleIdentifier).", valueName: "id"))
        var bundleID: String?

        @Option(
            help: ArgumentHelp(
                "The app's .entitlements file: checks that its associated domains claim the URL's host (and says what ?mode= means).", valueName: "file"))
        var entitlements: String?

        @Option(
            name: .customLong("info-plist"),
            help: ArgumentHelp("The app's Info.plist (for CFBundleIdentifier, and a warning when associated domains were put there).", valueName: "file"))
        var infoPlist: String?

        @Option(help: "The URL that is tapped, e.g. https://example.com/buy/42.")
        var url: String

        @Option(help: "The iOS version, e.g. 12.4 or 17 (default: the latest, \(OSVersion.latest(.ios))).")
        var ios: String?

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        func validate() throws {
            if let ios { _ = try OSOption.parse(ios, platform: .ios, option: "--ios") }
            if AASAURL.parse(url) == nil {
                throw ValidationError("--url must be an absolute URL such as https://example.com/path, not '\(url)'")
            }
            // An application identifier is the Team ID, a dot and the bundle ID; an empty or dotless one
            // can match nothing, so it is a usage mistake, not a `no_match`.
            if let appID, appID.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !appID.contains(".") {
                throw ValidationError("--app-id must be TEAMID.bundle.id, e.g. ABCDE12345.com.example.shop, not '\(terminalSafe(appID))'")
            }
            for (flag, value) in [("--team-id", teamID), ("--bundle-id", bundleID)] {
                if let value, value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw ValidationError("\(flag) must not be empty") }
            }
        }

        func run() throws {
            let version = ios.flatMap { OSVersion.parse($0, platform: .ios) } ?? OSVersion.latest(.ios)
            let bytes = try readInputFile(file)
            if let rule = AASADocument.sizeRejection(bytes.count, ios: version) {
                writeError(
                    "\(file): error: the file is \(bytes.count) bytes; iOS \(version) rejects apple-app-site-association files over 128 KB (\(rule.id))"
                )
                throw ExitCode(65)
            }
            let document: AASADocument
            do {
                document = try AASADocument(bytes: bytes)
            } catch {
                let place = error.position.map { "\(file):\($0.line):\($0.column)" } ?? file
                writeError("\(place): error: \(error.message)")
                throw ExitCode(65)
            }
            var files = IOSAppFiles()
            if entitlements != nil || infoPlist != nil {
                do {
                    files = try IOSAppFiles.read(
                        entitlements: try entitlements.map { (try RealFileInput.read($0), $0) },
                        infoPlist: try infoPlist.map { (try RealFileInput.read($0), $0) })
                } catch let failure as RealFileInput.Failure {
                    for line in failure.lines { writeError(line) }
                    throw ExitCode(65)
                } catch let error as InputError {
                    for diagnostic in error.diagnostics { writeError(diagnostic.description) }
                    throw ExitCode(65)
                }
                for warning in files.warnings where bundleID == nil || !warning.message.hasPrefix("CFBundleIdentifier") { writeError(warning.description) }
            }
            guard let appID = appID ?? (teamID ?? files.teamID).flatMap({ team in (bundleID ?? files.bundleID).map { "\(team).\($0)" } }) else {
                throw ValidationError("give --app-id TEAMID.bundle.id, or --team-id with --bundle-id (the bundle ID may come from --info-plist)")
            }
            let match = AASAMatcher.match(url: url, appID: appID, document: document, ios: version)
            var claim: (entry: AppLinksEntry?, note: String)?
            if entitlements != nil, let host = AASAURL.parse(url)?.host { claim = files.applinksEntry(for: host) }
            switch format {
            case .json:
                let report = FileCommandJSON.AASAMatchReport(match, entitlement: claim.map { (raw: $0.entry?.raw, note: $0.note) })
                Console.out(JSONValueEncoder.render(report) + "\n")
            case .text:
                var text = Self.text(match, appID: appID, url: url, ios: version)
                if let claim { text += "\nEntitlements: \(terminalSafe(claim.note))" }
                Console.out(text + "\n")
            }
        }

        /// Contract §1.1 keys first, in its order; `steps` is an addition.
        static func json(_ match: AASAMatch) -> String { JSONValueEncoder.render(FileCommandJSON.AASAMatchReport(match)) }

        static func text(_ match: AASAMatch, appID: String, url: String, ios: OSVersion) -> String {
            var lines: [String] = []
            if let detail = match.detail, let component = match.component, let format = match.format {
                lines.append("\(match.result.rawValue): details[\(detail)].\(format.rawValue)[\(component)]")
            } else {
                lines.append(match.result.rawValue)
            }
            lines.append("How iOS \(ios) decides \(terminalSafe(url)) for \(terminalSafe(appID)):")
            for (number, step) in match.steps.enumerated() {
                lines.append("  \(number + 1). \(terminalSafe(step.summary))")
                if let detail = step.detail { lines.append("     \(terminalSafe(detail))") }
                if let rule = step.rule { lines.append("     rule: \(rule)") }
                if let assumption = step.assumption { lines.append("     \(terminalSafe(assumption))") }
            }
            return lines.joined(separator: "\n")
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check an apple-app-site-association file for what iOS rejects or silently ignores.",
            discussion: "Exit status 65 if any error is found, 0 otherwise (warnings alone pass)."
        )

        @Option(help: "The apple-app-site-association file (JSON).")
        var file: String

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        func run() throws {
            let bytes = try readInputFile(file)
            let findings = AASAValidator.validate(bytes)
            switch format {
            case .text:
                FindingsOutput.printFindings(findings, file: file)
                FindingsOutput.printSummary(findings, file: file)
            case .json:
                Console.out(FindingsOutput.json(findings, file: file))
            }
            if FindingsOutput.errorCount(findings) > 0 { throw ExitCode(65) }
        }
    }
}

/// Reads an input file, or reports `FILE: error: ...` on stderr and exits 65.
private func readInputFile(_ path: String) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        writeError("\(path): error: no such file")
        throw ExitCode(65)
    }
    guard !isDirectory.boolValue else {
        writeError("\(path): error: is a folder; give a file")
        throw ExitCode(65)
    }
    do {
        return try LocalFiles().read(path)
    } catch let tooLarge as FileTooLarge {
        writeError("\(path):1:1: error: \(tooLarge.description)")
        throw ExitCode(65)
    } catch {
        writeError("\(path): error: cannot read the file")
        throw ExitCode(65)
    }
}

private func writeError(_ message: String) { Console.error(message) }

/// Escapes control characters so text from a file cannot send escape sequences to the terminal.
private func terminalSafe(_ text: String) -> String { SafeText.escape(text) }
