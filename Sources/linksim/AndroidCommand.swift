import ArgumentParser
import Foundation
import LinkSimCore

/// `linksim android ...`: Android tools that work on one file, outside a scenario.
struct AndroidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "android",
        abstract: "Android link tools: intent-filter matching, and `pm get-app-links` for a scenario's device.",
        subcommands: [Match.self, AppLinks.self]
    )
}

extension AndroidCommand {
    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "match",
            abstract: "Which activities of an AndroidManifest.xml match a tapped link (VIEW + BROWSABLE intent).",
            discussion: """
                The intent is what a browser sends for a tapped link: action VIEW, category BROWSABLE, the URL as \
                data, no MIME type, resolved with MATCH_DEFAULT_ONLY (so a filter also needs category DEFAULT). \
                Activities with android:exported="false" or android:enabled="false" never match. \
                Exit status: 0 when the result was computed (even with no match), 64 for bad options, 65 for an \
                unreadable or malformed manifest.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The AndroidManifest.xml to read; repeat for library modules' manifests, merged as the build does (the first is the app's).", valueName: "file")
        )
        var manifest: [String] = []

        @Option(
            name: .long,
            help: ArgumentHelp("An APK: its compiled AndroidManifest.xml, with @string/@bool/@integer resolved from resources.arsc.", valueName: "file"))
        var apk: String?

        @Option(
            name: .long,
            help: ArgumentHelp("A manifest placeholder value, KEY=VALUE (repeatable); ${applicationId} comes from --app-id.", valueName: "key=value"))
        var define: [String] = []

        @Option(name: .long, help: ArgumentHelp("A res/ folder whose values*/ files resolve @string/@bool/@integer references (repeatable).", valueName: "dir"))
        var res: [String] = []

        @Option(name: .long, help: ArgumentHelp("The URL that is tapped.", valueName: "url"))
        var url: String

        @Option(
            name: .customLong("android"),
            help: ArgumentHelp(
                "Android API level, e.g. 34 or api34 (default: latest, API \(AndroidVersions.latestAPI)).",
                valueName: "api"))
        var androidVersion: String?

        @Option(
            name: .customLong("app-id"),
            help: ArgumentHelp(
                "Application id used to expand relative activity names (default: the manifest's package).",
                valueName: "id"))
        var appID: String?

        @Option(
            name: .customLong("target-sdk"),
            help: ArgumentHelp(
                "Override the app's target SDK (default: <uses-sdk> in the manifest, if any).",
                valueName: "api"))
        var targetSDK: Int?

        @Option(name: .long, help: "Output format: text or json.")
        var format: Format = .text

        /// The API level `--android` names.
        var apiLevel: Int {
            get throws {
                guard let androidVersion else { return AndroidVersions.latestAPI }
                guard let api = Self.parseAPILevel(androidVersion) else {
                    throw ValidationError("--android expects an API level such as 34 or api34, got \"\(androidVersion)\"")
                }
                // The same releases as `--os` and a scenario's `device.os` (far-future levels are refused as typos).
                if let why = OSVersion.notARelease(OSVersion(androidAPI: api)) {
                    throw ValidationError("--android: `\(androidVersion)` is not an Android API level: \(why)")
                }
                return api
            }
        }

        static func parseAPILevel(_ text: String) -> Int? {
            var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
            if digits.hasPrefix("api") { digits.removeFirst(3) }
            guard let api = Int(digits), (1...99).contains(api) else { return nil }
            return api
        }

        func validate() throws {
            _ = try apiLevel
            if url.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--url must not be empty")
            }
            // As `tap`, `matrix --url` and `aasa match --url`: a link has a scheme; anything else is a usage mistake.
            if URLParts(url) == nil {
                throw ValidationError("--url: `\(SafeText.escape(url))` is not a URL with a scheme, e.g. https://example.com/path or shopapp://item/1")
            }
            if manifest.isEmpty && apk == nil {
                throw ValidationError("give --manifest FILE (repeatable) or --apk FILE")
            }
            if !manifest.isEmpty && apk != nil {
                throw ValidationError("give either --manifest or --apk, not both")
            }
            _ = try placeholders
            if let appID, appID.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw ValidationError("--app-id must not be empty (leave it out to use the manifest's package)")
            }
            if let targetSDK, !(1...99).contains(targetSDK) {
                throw ValidationError("--target-sdk expects an API level between 1 and 99, got \(targetSDK)")
            }
        }

        func run() throws {
            let api = try apiLevel
            if let androidVersion, !androidVersion.lowercased().hasPrefix("api"),
                let release = AndroidVersions.api(forVersion: androidVersion), release != api
            {
                // `--android 14` is API 14 (Android 4.0), not Android 14; say so rather than guess.
                Console.error(
                    "note: --android \(androidVersion) means API level \(api); Android \(androidVersion) is API \(release) (write --android api\(release))")
            }
            var parsed: AndroidManifest
            do {
                let loaded = try RealFileInput.manifest(
                    paths: manifest, apk: apk, res: res, appID: appID,
                    placeholders: try placeholders, api: api)
                for warning in loaded.warnings { Console.error(warning.description) }
                parsed = loaded.manifest
            } catch let error as RealFileInput.Failure {
                for line in error.lines { Console.error(line) }
                throw ExitCode(65)
            }
            if let targetSDK { parsed.targetSDK = targetSDK }
            let packageName = appID ?? parsed.package ?? ""
            if packageName.isEmpty && parsed.activities.contains(where: { $0.name.hasPrefix(".") || !$0.name.contains(".") }) {
                Console.error("note: the manifest has no package attribute; pass --app-id to qualify relative activity names")
            }
            let (report, unknown) = IntentFilterMatcher.evaluateWithUnknowns(parsed, packageName: packageName, url: url, api: api)
            let sources = Self.filterSources(parsed, packageName: packageName)
            switch format {
            case .json: Console.out(Self.json(report, unknown: unknown) + "\n")
            case .text: Console.out(Self.text(report, targetSDK: parsed.targetSDK, unknown: unknown, sources: sources))
            }
        }

        // MARK: Output

        /// Contract §1.2: `{"matches": [{"activity": ..., "filter": 0, "auto_verify": true}]}`.
        /// Added: `unknown` lists filters that may match, depending on values linksim could not
        /// resolve (only present when there are some, so the contract's shape stays as it was).
        static func json(_ report: ManifestMatchReport, unknown: [UnknownFilter] = []) -> String {
            JSONValueEncoder.render(FileCommandJSON.AndroidMatchReport(report, unknown: unknown))
        }

        /// `KEY=VALUE` pairs of `--define`.
        var placeholders: [String: String] {
            get throws {
                var result: [String: String] = [:]
                for pair in define {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                        throw ValidationError("--define expects KEY=VALUE (for example --define hostName=shop.example.com), got \"\(pair)\"")
                    }
                    result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
                return result
            }
        }

        /// `activity#filter` → the file and line a merged filter came from.
        static func filterSources(_ manifest: AndroidManifest, packageName: String) -> [String: String] {
            var sources: [String: String] = [:]
            for activity in manifest.activities {
                for (index, filter) in activity.intentFilters.enumerated() {
                    if let source = filter.source { sources["\(activity.qualifiedName(package: packageName))#\(index)"] = source }
                }
            }
            return sources
        }

        static func text(_ report: ManifestMatchReport, targetSDK: Int?, unknown: [UnknownFilter] = [], sources: [String: String] = [:]) -> String {
            var lines: [String] = []
            let release = OSVersion(androidAPI: report.api).description
            lines.append("URL:     \(printable(report.url))")
            lines.append("Intent:  action VIEW, category BROWSABLE, no MIME type, resolved with MATCH_DEFAULT_ONLY")
            lines.append("Android: \(release)" + (targetSDK.map { ", app targets API \($0)" } ?? ""))
            for step in report.packageSteps {
                lines.append("")
                lines.append("! \(printable(step.summary))  [\(step.rule)]")
                if let detail = step.detail { lines.append("  \(printable(detail))") }
            }
            let matches = report.matches
            lines.append("")
            if !unknown.isEmpty {
                lines.append("Unknown (\(unknown.count)): these filters may match; it depends on values linksim could not resolve")
                for entry in unknown {
                    lines.append(
                        "  \(printable(entry.activity)) filter #\(entry.filter)\(sources["\(entry.activity)#\(entry.filter)"].map { " (from \(printable($0)))" } ?? "")  [\(Rule.linksimManifestUnresolvedValue.id)]"
                    )
                    for value in entry.unresolved {
                        lines.append("    - \(printable(value.description)): \(printable(value.reason))")
                    }
                }
                lines.append("")
            }
            if matches.isEmpty {
                lines.append(unknown.isEmpty ? "No activity matches." : "No activity surely matches.")
            } else {
                lines.append("Matches (\(matches.count)):")
                for match in matches {
                    let category = match.outcome.category.map { " \($0.aospName)" } ?? ""
                    lines.append(
                        "  \(label(match))\(match.autoVerify ? " autoVerify" : ""):\(category)"
                            + (sources["\(match.activity)#\(match.filter)"].map { " (from \(printable($0)))" } ?? ""))
                    for step in match.steps {
                        lines.append("    - \(printable(step.summary))  [\(step.rule)]")
                        if let detail = step.detail { lines.append("      \(printable(detail))") }
                    }
                }
            }
            let others = report.evaluations.filter { evaluation in
                !evaluation.isMatch && !unknown.contains { $0.activityIndex == evaluation.activityIndex && $0.filter == evaluation.filter }
            }
            if !others.isEmpty {
                lines.append("")
                lines.append("Not matching (\(others.count)):")
                for evaluation in others {
                    let decisive = evaluation.decisiveStep
                    let rule = decisive.map { "  [\($0.rule)]" } ?? ""
                    let reason = evaluation.outcome.mismatch.map { "\($0.aospName): " } ?? ""
                    lines.append("  \(label(evaluation)): \(reason)\(printable(evaluation.why))\(rule)")
                    if let detail = decisive?.detail { lines.append("      \(printable(detail))") }
                    // Version notes (attributes this Android does not know) explain surprising results.
                    for note in evaluation.outcome.steps where note.isAPIGatedNote && note != decisive {
                        lines.append("      note: \(printable(note.summary))")
                    }
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        static func label(_ evaluation: ActivityFilterMatch) -> String {
            "\(printable(evaluation.activity)) filter #\(evaluation.filter)"
        }

        /// Text from files never reaches the terminal as control characters.
        static func printable(_ text: String) -> String { SafeText.escape(text) }
    }
}

extension AndroidCommand {
    /// `linksim android app-links FILE [--app ID] [--user]`: what `adb shell pm get-app-links` prints.
    struct AppLinks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "app-links",
            abstract: "Print what `adb shell pm get-app-links` would print on the scenario's device.",
            discussion: """
                Verification runs as the device's verifier would, against the scenario's `web` section \
                (assetlinks.json status, redirects, statements, fingerprints), unless the scenario forces a state with \
                `domain_verification`. Domains are listed in sorted order (a device lists them in hash order), and the \
                ID line is derived from the package name (a device shows a random UUID).
                """
        )

        @Argument(help: "A scenario file (YAML).")
        var file: String

        @Option(name: .customLong("app"), help: ArgumentHelp("Only this package.", valueName: "id"))
        var appID: String?

        @Flag(name: .long, help: "Also print user 0's state, like `pm get-app-links --user 0`.")
        var user = false

        @Option(name: .long, help: "Print the state after the scenario's first N actions (installs, updates, pm commands…); 0 = as the file sets it up.")
        var after: Int?

        func run() throws {
            let scenario: Scenario
            do {
                scenario = try ScenarioLoader.load(path: file)
            } catch {
                Console.error(error.description)
                throw ExitStatus.badInput
            }
            guard scenario.device.platform == .android else {
                throw ValidationError("\(file) is an \(scenario.device.platform.displayName) scenario; app-links needs `platform: android`")
            }
            if !AppLinksReport.commandExists(on: scenario.device.os) {
                Console.error("note: pm get-app-links exists from Android 12 (API 31); this device is \(scenario.device.os), shown in the Android 12 format")
            }
            var state = scenario
            if let after {
                guard (0...scenario.actions.count).contains(after) else {
                    throw ValidationError("--after must be between 0 and \(scenario.actions.count) (the scenario's actions), got \(after)")
                }
                state = Simulator.world(scenario, after: after)
            }
            do {
                Console.line(try AppLinksReport.render(state, appID: appID, user: user))
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
