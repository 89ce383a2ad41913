import ArgumentParser
import Foundation
import LinkSimCore

/// `linksim tap URL ...`: one tap without writing a scenario file first.
struct TapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Simulate one tap on a URL, with the device, app and servers from flags or from a scenario (--world).",
        discussion: """
            With --world FILE the device, apps, servers and providers come from that scenario (its actions are \
            ignored) and --platform/--os/--state override them. Without it, the world is built from the flags: \
            one app (--app) with its schemes, associated domains (iOS) or intent filters (Android, --domain \
            adds an autoVerify https filter) and the association files the URL's host serves (--aasa, \
            --assetlinks). A host that serves no file answers 404, as in a scenario. Examples:
              linksim tap https://shop.example.com/p/1 --platform ios --os 17.4 --from notes \\
                --app com.example.shop --team-id ABCDE12345 --domain shop.example.com --aasa aasa.json
              linksim tap shopapp://p/1 --world scenarios/ios/scheme-notes-cold-scenes.yaml --os 12.5
            """
    )

    @Argument(help: "The URL that is tapped (or give --adb / --simctl).")
    var url: String?

    @Option(
        help: ArgumentHelp(
            "A pasted `adb shell am start -W -a android.intent.action.VIEW -d URL [PKG]` line: taps URL from adb (with PKG: an explicit intent).",
            valueName: "command"))
    var adb: String?

    @Option(help: ArgumentHelp("A pasted `xcrun simctl openurl booted URL` line: taps URL from simctl.", valueName: "command"))
    var simctl: String?

    @Option(help: ArgumentHelp("Take the device, apps and servers from this scenario (its actions are ignored).", valueName: "file"))
    var world: String?

    @Option(help: ArgumentHelp("ios or android (default: the world's, else ios).", valueName: "platform"))
    var platform: Platform?

    @Option(help: ArgumentHelp("OS version, e.g. 17.4, or Android 14 / api34 (default: the world's, else the latest).", valueName: "version"))
    var os: String?

    @Option(help: ArgumentHelp("Where the tap happens (contract §2.1), default notes.", valueName: "source"))
    var from: String = "notes"

    @Option(help: ArgumentHelp("The page the link sits on (taps in a browser).", valueName: "url"))
    var page: String?

    @Option(name: .customLong("app"), help: ArgumentHelp("The app (bundle id or package) to install; repeat for several.", valueName: "id"))
    var apps: [String] = []

    @Option(
        help: ArgumentHelp(
            "The app's state: not_installed, installed, terminated, background, foreground (default background; with --world, overrides the first app's).",
            valueName: "state"))
    var state: AppState?

    @Option(name: .customLong("team-id"), help: ArgumentHelp("iOS team ID of the app (for AASA matching).", valueName: "id"))
    var teamID: String?

    @Option(name: .customLong("scheme"), help: ArgumentHelp("A custom URL scheme the app registers (repeatable).", valueName: "scheme"))
    var schemes: [String] = []

    @Option(
        name: .customLong("domain"),
        help: ArgumentHelp("A host the app claims: applinks:HOST on iOS, an autoVerify https intent filter on Android (repeatable).", valueName: "host"))
    var domains: [String] = []

    @Option(help: ArgumentHelp("apple-app-site-association file the URL's host serves.", valueName: "file"))
    var aasa: String?

    @Option(help: ArgumentHelp("assetlinks.json the URL's host serves.", valueName: "file"))
    var assetlinks: String?

    @Option(help: ArgumentHelp("AndroidManifest.xml of the app (Android).", valueName: "file"))
    var manifest: String?

    @Option(name: .customLong("sha256"), help: ArgumentHelp("The app's signing certificate SHA-256 (Android, repeatable).", valueName: "fingerprint"))
    var signingSHA256: [String] = []

    @Option(help: "Output format: text, json, mermaid or markdown.")
    var format: RunFormat = .text

    func run() throws {
        let pasted = try pastedCommand()
        var scenario = try makeWorld(defaultPlatform: pasted.map { $0.source == .adb ? .android : .ios } ?? .ios)
        let platform = scenario.device.platform
        guard let url = pasted?.url ?? url else {
            throw ValidationError("give the URL to tap, or a pasted command with --adb or --simctl")
        }
        let from = pasted?.source.rawValue ?? from
        guard let source = TapSource(rawValue: from), source.exists(on: platform) else {
            let valid = LinkMatrix.sources(for: platform).map(\.rawValue)
            let tools = TapSource.allCases.filter { $0.isQATool && $0.exists(on: platform) }.map(\.rawValue)
            throw ValidationError(
                "--from: `\(from)` is not a tap source on \(platform.displayName); use \(valid.joined(separator: ", ")), or a QA tool: \(tools.joined(separator: ", "))\(Suggestion.didYouMean(from, among: valid + tools))"
            )
        }
        guard let parts = URLParts(url) else {
            throw ValidationError("`\(url)` is not a URL with a scheme, e.g. https://example.com/path or shopapp://item/1")
        }
        let host = parts.host ?? ""
        var tap = Tap(url: url, from: source, page: page)
        if source == .inAppBrowser { tap.browserApp = .facebook }
        tap.targetApp = pasted?.package
        // A notification or a banner belongs to an app: the one --app names (the first, with several).
        if source.needsTargetApp, tap.targetApp == nil {
            guard let first = apps.first ?? (scenario.apps.count == 1 ? scenario.apps.first?.id : nil) else {
                throw ValidationError("--from \(from) shows the link in an app: give the app with --app ID")
            }
            tap.targetApp = first
        }
        scenario.actions = [Action(kind: .tap(tap))]
        if scenario.name.isEmpty { scenario.name = "tap \(url) on \(platform.displayName) \(scenario.device.os) from \(from)" }
        if let aasa { try serve(\.aasa, file: aasa, host: host, in: &scenario) }
        if let assetlinks { try serve(\.assetlinks, file: assetlinks, host: host, in: &scenario) }
        RunOutput.print([Simulator.run(scenario)], format: format)
    }

    /// The tap a pasted adb or simctl line stands for.
    func pastedCommand() throws -> QACommandLine.Parsed? {
        if adb != nil, simctl != nil { throw ValidationError("give either --adb or --simctl, not both") }
        if adb != nil || simctl != nil, url != nil { throw ValidationError("the pasted command already names the URL; drop the URL argument") }
        let parsed = adb.map(QACommandLine.adb) ?? simctl.map(QACommandLine.simctl)
        switch parsed {
        case .none: return nil
        case .failure(let error)?: throw ValidationError(error.diagnostics.map(\.message).joined(separator: "; "))
        case .success(let command)?: return command
        }
    }

    func makeWorld(defaultPlatform: Platform = .ios) throws -> Scenario {
        var scenario: Scenario
        if let world {
            scenario = try ScenarioFiles.load(world)
            if let platform, platform != scenario.device.platform {
                throw ValidationError("--platform \(platform.rawValue) does not match --world \(world), an \(scenario.device.platform.displayName) scenario")
            }
        } else {
            let platform = platform ?? defaultPlatform
            scenario = Scenario(name: "", device: Device(platform: platform, os: OSVersion.latest(platform)))
        }
        let platform = scenario.device.platform
        if let os {
            scenario.device.os = try OSOption.parse(os, platform: platform, option: "--os")
        }
        for id in apps where scenario.appIndex(id) == nil {
            var app = App(id: id, name: id, state: state ?? .background)
            app.teamID = teamID
            app.urlSchemes = schemes
            if platform == .ios {
                app.associatedDomains = domains.map { "applinks:\($0)" }
            } else {
                app.signingSHA256 = try signingSHA256.map { text in
                    guard let canonical = AssetLinksValidator.canonicalFingerprint(text) else {
                        throw ValidationError(
                            "--sha256 `\(text)`: \(AssetLinksValidator.fingerprintProblem(text) ?? "expected the certificate's SHA-256: 32 hex bytes (AA:BB:…)")"
                        )
                    }
                    return canonical
                }
                var filters: [IntentFilter] = []
                if !schemes.isEmpty {
                    var filter = IntentFilter()
                    filter.actions = ["android.intent.action.VIEW"]
                    filter.categories = ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"]
                    filter.data = schemes.map { IntentFilterData(scheme: $0) }
                    filters.append(filter)
                }
                for domain in domains {
                    var filter = IntentFilter()
                    filter.autoVerify = true
                    filter.actions = ["android.intent.action.VIEW"]
                    filter.categories = ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"]
                    filter.data = [IntentFilterData(scheme: "https", host: domain)]
                    filters.append(filter)
                }
                if !filters.isEmpty {
                    var activity = Activity(name: ".MainActivity")
                    activity.exported = true
                    activity.intentFilters = filters
                    app.activities = [activity]
                }
            }
            scenario.apps.append(app)
        }
        if world != nil, let state, !scenario.apps.isEmpty, apps.isEmpty { scenario.apps[0].state = state }
        if let manifest {
            guard platform == .android else { throw ValidationError("--manifest needs --platform android") }
            guard let index = scenario.apps.indices.last else { throw ValidationError("--manifest needs an app: give --app ID") }
            let data = try RealFileInput.readForCommand(manifest)
            do {
                let parsed = try ManifestParser.parse(data, file: manifest)
                scenario.apps[index].activities += parsed.activities
                if let target = parsed.targetSDK { scenario.apps[index].targetSDK = target }
            } catch {
                for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
                throw ExitStatus.badInput
            }
        }
        return scenario
    }

    func serve(_ keyPath: WritableKeyPath<WebHost, WebResource?>, file: String, host: String, in scenario: inout Scenario) throws {
        let data = try RealFileInput.readForCommand(file)
        guard !host.isEmpty else { throw ValidationError("the URL has no host to serve \(file) from") }
        let name = host.lowercased()
        var webHost = scenario.web.hosts[name] ?? WebHost(host: name)
        webHost[keyPath: keyPath] = WebResource(body: data, origin: file)
        scenario.web.hosts[name] = webHost
    }
}

extension Platform: ExpressibleByArgument {}
extension AppState: ExpressibleByArgument {}
