/// Merges a real AndroidManifest.xml into an app.
enum ManifestLoading {
    static func merge(_ bytes: [UInt8], path: String, into app: inout App, at location: SourceLocation, context: DecodingContext) {
        do throws(InputError) {
            let manifest = try ManifestParser.parse(bytes, file: path)
            if let package = manifest.package, package != app.id {
                context.error(location, "the manifest's package `\(package)` is not the app's id `\(app.id)`; use the same id so links resolve to this app")
            }
            app.activities += manifest.activities
            if let target = manifest.targetSDK { app.targetSDK = target }
        } catch {
            // The manifest's own diagnostics point into the XML file; keep them as they are.
            for diagnostic in error.diagnostics { context.report(diagnostic) }
        }
    }
}
