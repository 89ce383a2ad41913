import Foundation

/// Reads the few keys linksim needs from real Info.plist and .entitlements files.
enum PropertyListReader {
    private static func plist(_ bytes: [UInt8], file: String, at location: SourceLocation,
                              context: DecodingContext) -> [String: Any]? {
        do {
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            guard let dictionary = object as? [String: Any] else {
                context.error(location, "`\(file)` is a property list but not a dictionary at the top level")
                return nil
            }
            return dictionary
        } catch {
            context.error(location, "`\(file)` is not a valid property list (XML, binary or OpenStep)")
            return nil
        }
    }

    /// `CFBundleURLTypes[*].CFBundleURLSchemes` from an Info.plist.
    static func urlSchemes(_ bytes: [UInt8], file: String, at location: SourceLocation, context: DecodingContext) -> [String] {
        guard let root = plist(bytes, file: file, at: location, context: context) else { return [] }
        guard let types = root["CFBundleURLTypes"] else { return [] }
        guard let list = types as? [[String: Any]] else {
            context.error(location, "`\(file)`: CFBundleURLTypes must be an array of dictionaries")
            return []
        }
        var schemes: [String] = []
        for entry in list {
            guard let names = entry["CFBundleURLSchemes"] as? [String] else {
                context.error(location, "`\(file)`: each CFBundleURLTypes entry needs a CFBundleURLSchemes array of strings")
                continue
            }
            schemes += names
        }
        return schemes
    }

    /// `com.apple.developer.associated-domains` from an .entitlements file.
    static func associatedDomains(_ bytes: [UInt8], file: String, at location: SourceLocation, context: DecodingContext) -> [String] {
        guard let root = plist(bytes, file: file, at: location, context: context) else { return [] }
        guard let value = root["com.apple.developer.associated-domains"] else { return [] }
        guard let domains = value as? [String] else {
            context.error(location, "`\(file)`: com.apple.developer.associated-domains must be an array of strings")
            return []
        }
        return domains
    }
}
