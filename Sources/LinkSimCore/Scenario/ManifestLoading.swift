/// Merges a scenario app's real AndroidManifest.xml file(s) into the app.
enum ManifestLoading {
    /// `files`: the app's manifest first, then library modules' manifests (merged as the build does).
    /// `${applicationId}` is the app's id; other placeholders and `res` come from the scenario.
    static func merge(
        _ files: [(bytes: [UInt8], file: String)], into app: inout App, at location: SourceLocation,
        placeholders: [String: String], resources: AndroidResources, api: Int, context: DecodingContext
    ) {
        let options = ManifestOptions(applicationID: app.id, placeholders: placeholders, resources: resources, api: api)
        do throws(InputError) {
            let parsed = try ManifestParser.parse(files: files, options: options)
            for warning in parsed.warnings { context.report(warning) }
            let manifest = parsed.manifest
            // The manifest's package is the namespace for relative class names; the app's id is the
            // application ID (they differ when Gradle sets applicationId, or in flavours).
            let namespace = manifest.package ?? app.id
            if let package = manifest.package, package != app.id { app.manifestPackage = package }
            // Names stay as written when the namespace is the app's id (the engine expands them the same way).
            app.activities +=
                namespace == app.id
                ? manifest.activities
                : manifest.activities.map { activity in
                    var activity = activity
                    activity.name = activity.qualifiedName(package: namespace)
                    activity.targetActivity = activity.targetActivity.map { Activity(name: $0).qualifiedName(package: namespace) }
                    return activity
                }
            if let target = manifest.targetSDK { app.targetSDK = target }
        } catch {
            // The manifest's own diagnostics point into the XML file; keep them as they are.
            for diagnostic in error.diagnostics { context.report(diagnostic) }
        }
    }
}
