import ArgumentParser
import Foundation
import LinkSimCore
import LinkSimIO

/// `linksim init`: a starting scenario from a team's own files (issue #11 item 5).
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starting scenario from your own files: apps, web section, and one tap per claimed link with today's landing as expect.",
        discussion: """
            Android: --manifest (repeatable: app, then libraries) or --apk, with --app-id, --define and --res as for \
            `android match`; --assetlinks HOST=FILE serves a Digital Asset Links file. iOS: --entitlements and/or \
            --info-plist with --team-id/--bundle-id; --aasa HOST=FILE serves an apple-app-site-association file. \
            The app's signing key is the first fingerprint the assetlinks file lists for its package (or --fingerprint), \
            so links verify as they would for the build that file names. Each tap's expect is where the link lands today; \
            review them before trusting the file. Exit status: 0 written, 64 bad options, 65 a bad input file, 74 the \
            output cannot be written.
            """
    )

    @Option(help: "Platform: ios or android (default: android when a manifest or APK is given).")
    var platform: String?

    @Option(help: ArgumentHelp("Device OS: iOS version (17.4) or Android version (14) / API (api34). Default: latest.", valueName: "version"))
    var os: String?

    @Option(name: .long, help: ArgumentHelp("AndroidManifest.xml (repeatable: the app's first, then libraries').", valueName: "file"))
    var manifest: [String] = []

    @Option(help: ArgumentHelp("An APK whose compiled manifest and resources are read.", valueName: "file"))
    var apk: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Application ID (Android) or bundle ID (iOS).", valueName: "id"))
    var appID: String?

    @Option(help: ArgumentHelp("A manifest placeholder, KEY=VALUE (repeatable).", valueName: "key=value"))
    var define: [String] = []

    @Option(help: ArgumentHelp("A res/ folder (repeatable).", valueName: "dir"))
    var res: [String] = []

    @Option(help: ArgumentHelp("The app's SHA-256 signing fingerprint (default: from the assetlinks file).", valueName: "sha256"))
    var fingerprint: String?

    @Option(help: ArgumentHelp("The app's .entitlements file.", valueName: "file"))
    var entitlements: String?

    @Option(name: .customLong("info-plist"), help: ArgumentHelp("The app's Info.plist.", valueName: "file"))
    var infoPlist: String?

    @Option(name: .customLong("team-id"), help: ArgumentHelp("The Team ID.", valueName: "id"))
    var teamID: String?

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("The bundle ID (default: Info.plist's).", valueName: "id"))
    var bundleID: String?

    @Option(help: ArgumentHelp("An apple-app-site-association file served by HOST (repeatable).", valueName: "host=file"))
    var aasa: [String] = []

    @Option(help: ArgumentHelp("An assetlinks.json file served by HOST (repeatable).", valueName: "host=file"))
    var assetlinks: [String] = []

    @Option(help: "The scenario's name.")
    var name: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Write the scenario here instead of standard output (never replaces a file).", valueName: "file"))
    var output: String?

    static func pairs(_ values: [String], option: String) throws -> [(host: String, file: String)] {
        try values.map { value in
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw ValidationError(
                    "--\(option) expects HOST=FILE (for example --\(option) shop.example.com=site/\(option == "aasa" ? "apple-app-site-association" : "assetlinks.json")), got \"\(value)\""
                )
            }
            return (String(value[..<equals]).lowercased(), String(value[value.index(after: equals)...]))
        }
    }

    var resolvedPlatform: Platform {
        get throws {
            switch platform?.lowercased() {
            case "ios"?: return .ios
            case "android"?: return .android
            case nil:
                if !manifest.isEmpty || apk != nil || !assetlinks.isEmpty { return .android }
                if entitlements != nil || infoPlist != nil || !aasa.isEmpty { return .ios }
                throw ValidationError("give the app's files: --manifest/--apk (Android) or --entitlements/--info-plist (iOS)")
            case let other?:
                throw ValidationError("--platform must be ios or android, not \"\(other)\"")
            }
        }
    }

    func validate() throws {
        _ = try resolvedPlatform
        _ = try Self.pairs(aasa, option: "aasa")
        _ = try Self.pairs(assetlinks, option: "assetlinks")
        if let os { _ = try OSOption.parse(os, platform: try resolvedPlatform, option: "--os") }
    }

    func run() throws {
        let platform = try resolvedPlatform
        let version = os.flatMap { OSVersion.parse($0, platform: platform) } ?? OSVersion.latest(platform)
        var web = Web()
        do {
            for (host, file) in try Self.pairs(aasa, option: "aasa") {
                var entry = web.hosts[host] ?? WebHost(host: host)
                entry.aasa = WebResource(body: try RealFileInput.read(file), origin: file)
                web.hosts[host] = entry
            }
            for (host, file) in try Self.pairs(assetlinks, option: "assetlinks") {
                var entry = web.hosts[host] ?? WebHost(host: host)
                entry.assetlinks = WebResource(body: try RealFileInput.read(file), origin: file)
                web.hosts[host] = entry
            }
            let app = platform == .android ? try androidApp(web: web, api: version.apiLevel) : try iosApp()
            let title = name ?? "\(app.name): where our links land today"
            let (seeded, yaml) = ScenarioSeed.build(name: title, device: Device(platform: platform, os: version), apps: [app], web: web)
            guard !seeded.actions.isEmpty else {
                // A scenario without actions does not load: say what is missing instead of writing it.
                // A scheme written as a resource or placeholder linksim could not resolve is a filter it cannot see.
                let unresolvedScheme = app.activities.lazy.flatMap(\.intentFilters).flatMap(\.unresolved)
                    .first { $0.scope == .data && $0.attribute == "scheme" }
                let hint =
                    platform == .ios
                    ? "give --entitlements with applinks: entries, or an --info-plist with URL schemes"
                    : unresolvedScheme.map {
                        "its VIEW intent filter's scheme is not resolved at \($0.location): \($0.reason)"
                    } ?? "the manifest has no VIEW intent filter with a scheme"
                Console.error("linksim: error: \(app.id) claims no links, so there is nothing to tap: \(hint)")
                throw ExitStatus.badInput
            }
            if let output {
                do {
                    try AtomicFileWriter.write(yaml, to: output, mode: .createNew)
                } catch {
                    Console.error("linksim: error: cannot write \(output): \(error.description)")
                    throw ExitStatus.ioError
                }
                Console.error("wrote \(output); run `linksim replay \(output)` to check it")
            } else {
                Console.out(yaml)
            }
        } catch let failure as RealFileInput.Failure {
            for line in failure.lines { Console.error(line) }
            throw ExitCode(65)
        } catch let error as InputError {
            for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
            throw ExitCode(65)
        }
    }

    func androidApp(web: Web, api: Int) throws -> App {
        guard !manifest.isEmpty || apk != nil else { throw ValidationError("Android: give --manifest FILE or --apk FILE") }
        var placeholders: [String: String] = [:]
        for pair in define {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--define expects KEY=VALUE, got \"\(pair)\"")
            }
            placeholders[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        let parsed = try RealFileInput.manifest(paths: manifest, apk: apk, res: res, appID: appID, placeholders: placeholders, api: api)
        for warning in parsed.warnings { Console.error(warning.description) }
        guard let id = appID ?? parsed.manifest.package else {
            throw ValidationError("the manifest has no package attribute; give the application ID with --app-id")
        }
        var app = App(id: id, name: id.split(separator: ".").last.map(String.init)?.capitalized ?? id, state: .background)
        let namespace = parsed.manifest.package ?? id
        app.activities = parsed.manifest.activities.map { activity in
            var activity = activity
            activity.name = activity.qualifiedName(package: namespace)
            activity.targetActivity = activity.targetActivity.map { Activity(name: $0).qualifiedName(package: namespace) }
            return activity
        }
        if let package = parsed.manifest.package, package != id { app.manifestPackage = package }
        if let target = parsed.manifest.targetSDK { app.targetSDK = target }
        if let fingerprint {
            guard let canonical = AssetLinksValidator.canonicalFingerprint(fingerprint) else {
                throw ValidationError(
                    "--fingerprint `\(fingerprint)`: \(AssetLinksValidator.fingerprintProblem(fingerprint) ?? "expected the certificate's SHA-256: 32 hex bytes (AA:BB:…)")"
                )
            }
            app.signingSHA256 = [canonical]
        } else {
            for host in web.hosts.values.sorted(by: { $0.host < $1.host }) {
                guard let body = host.assetlinks?.body,
                    let statements = try? JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]]
                else { continue }
                for statement in statements {
                    guard let target = statement["target"] as? [String: Any], target["package_name"] as? String == id,
                        let first = (target["sha256_cert_fingerprints"] as? [String])?.first
                    else { continue }
                    app.signingSHA256 = [first]
                    break
                }
                if !app.signingSHA256.isEmpty { break }
            }
        }
        return app
    }

    func iosApp() throws -> App {
        let files = try IOSAppFiles.read(
            entitlements: try entitlements.map { (try RealFileInput.read($0), $0) },
            infoPlist: try infoPlist.map { (try RealFileInput.read($0), $0) })
        for warning in files.warnings where bundleID == nil || !warning.message.hasPrefix("CFBundleIdentifier") { Console.error(warning.description) }
        guard let id = bundleID ?? appID ?? files.bundleID else {
            throw ValidationError("iOS: give the bundle ID with --bundle-id (Info.plist's CFBundleIdentifier is filled in by the build)")
        }
        var app = App(id: id, name: id.split(separator: ".").last.map(String.init)?.capitalized ?? id, state: .background)
        app.teamID = teamID ?? files.teamID
        app.associatedDomains = files.associatedDomains
        app.urlSchemes = files.urlSchemes
        if app.teamID == nil, app.associatedDomains.contains(where: { AppLinksEntry($0) != nil }) {
            throw ValidationError("iOS: give --team-id; iOS matches the AASA file against TEAMID.\(id)")
        }
        return app
    }
}
