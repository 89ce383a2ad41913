import LinkSimCore

/// JUnit XML: one testsuite per folder, one testcase per scenario, expected vs actual in the
/// failure message and the trace in <system-out>.
enum JUnitReporter {
    static func report(_ outcomes: [ReplayOutcome]) -> String {
        var folders: [String] = []
        var byFolder: [String: [ReplayOutcome]] = [:]
        for outcome in outcomes {
            let folder = folderName(outcome.file)
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(outcome)
        }
        let failures = outcomes.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"linksim\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for folder in folders {
            let cases = byFolder[folder] ?? []
            let failed = cases.filter { !$0.passed }.count
            xml += "  <testsuite name=\"\(escape(folder))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
            for outcome in cases { xml += testcase(outcome, folder: folder) }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func folderName(_ file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let folder = String(file[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func testcase(_ outcome: ReplayOutcome, folder: String) -> String {
        let text = TextReporter(color: false)
        switch outcome {
        case .invalid(let file, let error):
            let message = error.diagnostics.map(\.description).joined(separator: "\n")
            return "    <testcase name=\"\(escape(file))\" classname=\"\(escape(folder))\" file=\"\(escape(file))\">\n"
                + "      <failure message=\"not a valid scenario\" type=\"InvalidScenario\">\(escape(message))</failure>\n"
                + "    </testcase>\n"
        case .simulated(let file, let result):
            var out = "    <testcase name=\"\(escape(result.scenario.name))\" classname=\"\(escape(folder))\" file=\"\(escape(file))\">\n"
            let failing = result.results.filter { $0.check?.passed == false }
            if !failing.isEmpty {
                let lines = failing.flatMap { r in
                    (r.check?.mismatches ?? []).map { "action #\(r.index + 1) (\(Describe.action(r.action.kind))): \($0)" }
                }
                let message = lines.joined(separator: "; ")
                out += "      <failure message=\"\(escape(message))\" type=\"ExpectationFailed\">\(escape(lines.joined(separator: "\n")))</failure>\n"
            }
            out += "      <system-out>\(escape(text.scenario(result)))</system-out>\n"
            return out + "    </testcase>\n"
        }
    }

    /// XML-escapes text, dropping characters XML 1.0 cannot carry.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                if v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{\(String(v, radix: 16))}"
                }
            }
        }
        return out
    }
}
