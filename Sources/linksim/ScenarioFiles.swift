import Foundation
import LinkSimCore

/// Finds and loads scenario files for the commands.
enum ScenarioFiles {
    /// Every `*.yaml`/`*.yml` under the paths (files given directly are taken as they are), sorted.
    /// Returns the files and the paths that do not exist.
    static func collect(_ paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            var found: [String] = []
            if let walker = fm.enumerator(atPath: path) {
                for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                    // Skip hidden folders and files (editor backups, .git).
                    if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                    found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
                }
            }
            files += found.sorted()
        }
        return (files, missing)
    }
}
