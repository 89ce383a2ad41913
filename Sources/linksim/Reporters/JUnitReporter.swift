import LinkSimCore

/// JUnit XML: one testsuite per folder, one testcase per scenario, expected vs actual in the
/// failure message and the trace in <system-out>. A file that is not a valid scenario is an
/// `<error>` (the suite could not run it), not a failed expectation.
///
/// Replay builds the report as files finish: each testcase is rendered at once into a `JUnitCase`
/// (a few strings), so nothing of a simulation outlives its row.
enum JUnitReporter {
    /// One rendered `<testcase>` and what the suite attributes need.
    struct Case: Sendable {
        var folder: String
        var xml: String
        var failed: Bool
        var error: Bool
        var seconds: Double
        var skipped = false

        /// A file `--fail-fast` never ran: a `<skipped>` case, so the report counts what the summary line counts.
        /// `name`: the scenario's name when the file loads (a run names its case so), else the file.
        static func skipped(file: String, name: String?) -> Case {
            let folder = folderName(file)
            let xml =
                "    <testcase name=\"\(escape(name ?? file))\" classname=\"\(escape(folder))\" file=\"\(escape(file))\" time=\"0.000\">\n"
                + "      <skipped message=\"not run: --fail-fast stopped at an earlier failure\"/>\n    </testcase>\n"
            return Case(folder: folder, xml: xml, failed: false, error: false, seconds: 0, skipped: true)
        }
    }

    /// Collects cases in the order they are added (replay's stable order) and groups them by folder.
    struct Builder {
        private var folders: [String] = []
        private var byFolder: [String: [Case]] = [:]

        mutating func add(_ testcase: Case) {
            if byFolder[testcase.folder] == nil { folders.append(testcase.folder) }
            byFolder[testcase.folder, default: []].append(testcase)
        }

        func document() -> String {
            let all = folders.flatMap { byFolder[$0] ?? [] }
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            xml +=
                "<testsuites name=\"linksim\" tests=\"\(all.count)\" failures=\"\(all.filter(\.failed).count)\" "
                + "errors=\"\(all.filter(\.error).count)\" skipped=\"\(all.filter(\.skipped).count)\" time=\"\(JUnitReporter.seconds(all.map(\.seconds).reduce(0, +)))\">\n"
            for folder in folders {
                let cases = byFolder[folder] ?? []
                xml +=
                    "  <testsuite name=\"\(escape(folder))\" tests=\"\(cases.count)\" failures=\"\(cases.filter(\.failed).count)\" "
                    + "errors=\"\(cases.filter(\.error).count)\" skipped=\"\(cases.filter(\.skipped).count)\" time=\"\(JUnitReporter.seconds(cases.map(\.seconds).reduce(0, +)))\">\n"
                for testcase in cases { xml += testcase.xml }
                xml += "  </testsuite>\n"
            }
            return xml + "</testsuites>\n"
        }
    }

    static func report(_ outcomes: [ReplayOutcome]) -> String {
        var builder = Builder()
        for outcome in outcomes { builder.add(testcase(outcome, seconds: 0)) }
        return builder.document()
    }

    static func folderName(_ file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let folder = String(file[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `time` attributes: seconds with millisecond precision, as JUnit consumers expect.
    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    static func testcase(_ outcome: ReplayOutcome, seconds: Double) -> Case {
        let folder = folderName(outcome.file)
        let time = Self.seconds(seconds)
        switch outcome {
        case .invalid(let file, let error):
            let message = error.diagnostics.map(\.description).joined(separator: "\n")
            let xml =
                "    <testcase name=\"\(escape(file))\" classname=\"\(escape(folder))\" file=\"\(escape(file))\" time=\"\(time)\">\n"
                + "      <error message=\"not a valid scenario\" type=\"InvalidScenario\">\(escape(message))</error>\n"
                + "    </testcase>\n"
            return Case(folder: folder, xml: xml, failed: false, error: true, seconds: seconds)
        case .simulated(let file, let result):
            var out = "    <testcase name=\"\(escape(result.scenario.name))\" classname=\"\(escape(folder))\" file=\"\(escape(file))\" time=\"\(time)\">\n"
            // Landings linksim cannot vouch for are marked, never passed off as ordinary results.
            var marks: [(String, String)] = result.scenario.tags.map { ("tag", $0) }
            for r in result.results {
                guard let landing = r.landing else { continue }
                if landing.kind == .unknown {
                    marks.append(("unknown", "action #\(r.index + 1): \(landing.reason ?? "no sourced rule decides this")"))
                }
                for assumption in r.assumptions { marks.append(("assumption", "action #\(r.index + 1): \(assumption)")) }
            }
            if !marks.isEmpty {
                out += "      <properties>\n"
                for (name, value) in marks { out += "        <property name=\"\(name)\" value=\"\(escape(value))\"/>\n" }
                out += "      </properties>\n"
            }
            let failing = result.results.filter { $0.check?.passed == false }
            if !failing.isEmpty {
                let lines = failing.flatMap { r in
                    (r.check?.mismatches ?? []).map { "action #\(r.index + 1) (\(Describe.action(r.action.kind))): \($0)" }
                }
                let message = lines.joined(separator: "; ")
                out += "      <failure message=\"\(escape(message))\" type=\"ExpectationFailed\">\(escape(lines.joined(separator: "\n")))</failure>\n"
            }
            out += "      <system-out>\(escape(TextReporter(color: false).scenario(result)))</system-out>\n"
            return Case(folder: folder, xml: out + "    </testcase>\n", failed: !failing.isEmpty, error: false, seconds: seconds)
        }
    }

    /// XML-escapes text. A control or invisible character (which XML 1.0 cannot always carry, and a CI page
    /// would show raw) is written as the terminal reports write it (`\x1B`, `\u{202E}`: `SafeText`), so a
    /// name reads the same in an attribute, in `<system-out>` and in `linksim run`.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if SafeText.needsEscape(scalar) {
                    out += SafeText.escaped(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
