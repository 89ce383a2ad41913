/// Merges a real AndroidManifest.xml into an app.
enum ManifestLoading {
    static func merge(_ bytes: [UInt8], path: String, into app: inout App, at location: SourceLocation, context: DecodingContext) {
        // The XML manifest parser arrives with the Android rule set; until then the path is kept.
    }
}
