/// What an iOS app's own files say about its links: the `.entitlements` (associated domains, and
/// in a built app's embedded entitlements its team and application identifier) and `Info.plist`
/// (URL schemes, queried schemes, bundle ID). Pure: the caller hands over the bytes.
package struct IOSAppFiles: Sendable, Equatable {
    package var associatedDomains: [String] = []
    package var urlSchemes: [String] = []
    /// `LSApplicationQueriesSchemes`: the schemes `canOpenURL(_:)` may ask about.
    package var queriedSchemes: [String] = []
    /// `CFBundleIdentifier`, when it is a literal (not `$(PRODUCT_BUNDLE_IDENTIFIER)`).
    package var bundleID: String?
    /// `com.apple.developer.team-identifier`, or the prefix of `application-identifier`.
    package var teamID: String?
    package var warnings: [Diagnostic] = []

    package init() {}

    /// Reads either file (or both); a file that is not a property list is a located error.
    package static func read(
        entitlements: (bytes: [UInt8], file: String)?, infoPlist: (bytes: [UInt8], file: String)?
    )
        throws(InputError) -> IOSAppFiles
    {
        var result = IOSAppFiles()
        var problems: [Diagnostic] = []
        if let entitlements {
            do throws(InputError) {
                let root = try PropertyListReader.parse(entitlements.bytes, file: entitlements.file)
                result.associatedDomains = try strings(root, "com.apple.developer.associated-domains", file: entitlements.file)
                if case .string(let team, _)? = root["com.apple.developer.team-identifier"], !team.hasPrefix("$(") { result.teamID = team }
                if result.teamID == nil, case .string(let appID, _)? = root["application-identifier"], !appID.hasPrefix("$("),
                    let dot = appID.firstIndex(of: ".")
                {
                    result.teamID = String(appID[..<dot])
                    result.bundleID = String(appID[appID.index(after: dot)...])
                }
            } catch {
                problems += error.diagnostics
            }
        }
        if let infoPlist {
            do throws(InputError) {
                let root = try PropertyListReader.parse(infoPlist.bytes, file: infoPlist.file)
                if let misplaced = root["com.apple.developer.associated-domains"] {
                    result.warnings.append(
                        Diagnostic(
                            file: infoPlist.file, location: misplaced.location,
                            message:
                                "com.apple.developer.associated-domains is an entitlement: in Info.plist iOS ignores it. Put it in the app's .entitlements file (Signing & Capabilities → Associated Domains in Xcode)",
                            isWarning: true))
                }
                if case .string(let id, _)? = root["CFBundleIdentifier"] {
                    if id.contains("$(") {
                        result.warnings.append(
                            Diagnostic(
                                file: infoPlist.file, location: root["CFBundleIdentifier"]?.location,
                                message:
                                    "CFBundleIdentifier is \(id), filled in by the build; give the bundle ID (--bundle-id, or the app's `id`)", isWarning: true)
                        )
                    } else if result.bundleID == nil {
                        result.bundleID = id
                    }
                }
                if let types = root["CFBundleURLTypes"] {
                    guard case .array(let list, _) = types else {
                        throw InputError([
                            Diagnostic(
                                file: infoPlist.file, location: types.location,
                                message: "CFBundleURLTypes must be an array of dictionaries, found \(types.kindName)")
                        ])
                    }
                    for entry in list {
                        if let names = entry["CFBundleURLSchemes"] {
                            result.urlSchemes += try strings(entry, "CFBundleURLSchemes", file: infoPlist.file)
                            _ = names
                        }
                    }
                }
                result.queriedSchemes = try strings(root, "LSApplicationQueriesSchemes", file: infoPlist.file)
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw InputError(problems) }
        return result
    }

    private static func strings(_ root: PropertyListReader.Value, _ key: String, file: String) throws(InputError) -> [String] {
        guard let value = root[key] else { return [] }
        guard case .array(let items, _) = value else {
            throw InputError([Diagnostic(file: file, location: value.location, message: "\(key) must be an array of strings, found \(value.kindName)")])
        }
        var result: [String] = []
        for item in items {
            guard case .string(let text, _) = item else {
                throw InputError([Diagnostic(file: file, location: item.location, message: "\(key) must hold strings, found \(item.kindName)")])
            }
            result.append(text)
        }
        return result
    }

    /// The `applinks:` entry that decides for `host`, with a sentence for the user.
    package func applinksEntry(for host: String) -> (entry: AppLinksEntry?, note: String) {
        let (entry, ignored) = AssociatedDomains.entry(for: host, in: associatedDomains)
        if let entry {
            var note = "the entitlements claim \(host) with \(entry.raw)"
            switch entry.mode {
            case .developer?:
                note +=
                    "; mode=developer: iOS fetches the file directly from the host (no CDN), only on devices with Developer Mode and the Associated Domains Development setting on, for a development-signed build"
            case .managed?: note += "; mode=managed: only on devices whose MDM profile lists the domain"
            case .developerManaged?: note += "; mode=developer+managed: both conditions"
            case nil: break
            }
            return (entry, note)
        }
        let why = ignored.first.flatMap { $0.invalidReason.map { " (\($0))" } } ?? ""
        return (nil, "the entitlements do not claim \(host)\(why): iOS never checks this file for this app")
    }
}
