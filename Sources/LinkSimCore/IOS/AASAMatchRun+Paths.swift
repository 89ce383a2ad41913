import Foundation

extension MatchRun {
    // MARK: paths

    /// `"NOT "` before a legacy path excludes from iOS 9.2; before, it is plain text.
    static func readsNotPrefix(on ios: OSVersion) -> Bool { Rule.iosAasaPathsNotExclude.applies(to: ios) }

    mutating func evaluate(paths: [String], index: Int, parts: MatchedURLParts) -> AASAMatch? {
        note(
            "details[\(index)] uses legacy paths: only the URL path \"\(parts.path.isEmpty ? "/" : parts.path)\" is compared (query and fragment ignored), case-sensitively",
            rule: Rule.iosAasaPathsLegacy,
            assumption:
                "linksim applies the components path normalisation (trailing slashes, optional leading slash) to paths too; it was measured for components only."
        )
        let options = GlobOptions(caseSensitive: true, documentVariables: nil)
        for (position, entry) in paths.enumerated() {
            var pattern = entry
            var excluding = false
            if entry.hasPrefix("NOT ") {
                if gates.notPrefix {
                    excluding = true
                    pattern = String(entry.dropFirst(4))
                } else {
                    note("\"NOT \" is plain text on iOS \(ios) (it arrived in iOS 9.2)", rule: Rule.iosAasaPathsNotExclude)
                }
            }
            let check = PathCheck(pattern: pattern, urlPath: parts.path, options: options)
            let name = "details[\(index)].paths[\(position)] \"\(entry)\""
            if let normalisation = check.normalisationNote {
                log.steps.append(bare(Self.normalisationStep(normalisation)))
            }
            guard check.matched else {
                log.steps.append(bare(Self.pathMismatchStep(name)))
                continue
            }
            if excluding {
                note(
                    "\(name) matches and starts with \"NOT \": exclude, the URL does not open the app",
                    rule: Rule.iosAasaPathsNotExclude)
                return verdict(.exclude, detail: index, component: position, format: .paths)
            }
            note("\(name) matches: match, the first hit wins", rule: Rule.iosAasaPathsLegacy)
            return verdict(.match, detail: index, component: position, format: .paths)
        }
        return nextEntry(index, tried: "path")
    }
}

/// The URL parts in the form the matcher compares them.
struct MatchedURLParts {
    var path: String
    var query: String?
    var fragment: String?
    init(url: AASAURL) {
        path = url.path
        query = url.query
        fragment = url.fragment
    }
}

/// Text written as UTF-8 bytes and made a `String` once: appending to an array of bytes costs a
/// tenth of `String.append`, and the explaining matcher writes a dozen pieces per component.
struct TextBuilder {
    private var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func add(_ text: String) { bytes.append(contentsOf: text.utf8) }

    var isEmpty: Bool { bytes.isEmpty }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The sentences of one component's explanation, written straight into one text separated by
/// spaces (what `[String].joined(separator: " ")` gave, without the array): `append` adds a whole
/// sentence, `start` begins one that `add` continues.
/// With `on: false` (no trace shown) nothing is written and the pieces are not even built.
struct ExplanationLines {
    private var builder: TextBuilder
    private var started = false
    private let on: Bool

    init(on: Bool = true) {
        self.on = on
        builder = TextBuilder(capacity: on ? 192 : 0)
    }

    var text: String { builder.text }

    mutating func append(_ line: @autoclosure () -> String) {
        guard on else { return }
        start(line())
    }

    mutating func start(_ part: @autoclosure () -> String) {
        guard on else { return }
        if started { builder.add(" ") }
        started = true
        builder.add(part())
    }

    mutating func add(_ part: @autoclosure () -> String) {
        guard on else { return }
        builder.add(part())
    }
}
