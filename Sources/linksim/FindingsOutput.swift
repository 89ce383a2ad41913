import LinkSimCore

/// How the file validators (`aasa validate`, `assetlinks validate`) print their findings: one place for both.
enum FindingsOutput {
    static func errorCount(_ findings: [AASAFinding]) -> Int { findings.filter { $0.severity == .error }.count }

    /// `file:line:col: severity: message`, one line each.
    static func printFindings(_ findings: [AASAFinding], file: String) {
        for finding in findings {
            let place = finding.line.flatMap { line in finding.column.map { "\(file):\(line):\($0)" } } ?? file
            Console.line("\(place): \(finding.severity.rawValue): \(finding.message)")  // Console.line escapes
        }
    }

    /// The last line: `no problems found`, or the counts.
    static func printSummary(_ findings: [AASAFinding], file: String) {
        let errors = errorCount(findings)
        let warnings = findings.count - errors
        Console.line(findings.isEmpty ? "\(file): no problems found" : "\(file): \(count(errors, "error")), \(count(warnings, "warning"))")
    }

    /// `--format json`: `{file, errors, warnings, findings}`, with `expected` when a package was asked for.
    static func json(_ findings: [AASAFinding], file: String, expected: FileCommandJSON.ValidationReport.Expected? = nil) -> String {
        let errors = errorCount(findings)
        let items = findings.map {
            FileCommandJSON.ValidationReport.Finding(severity: $0.severity.rawValue, message: $0.message, line: $0.line, column: $0.column)
        }
        let report = FileCommandJSON.ValidationReport(
            file: file, errors: errors, warnings: findings.count - errors, findings: items, expected: expected)
        return JSONValueEncoder.render(report) + "\n"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
