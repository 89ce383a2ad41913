/// The part of Android's manifest merger that decides link handling: an app manifest and its
/// library modules' manifests become one, as the build's merged manifest would be.
///
/// What is merged: `<activity>` and `<activity-alias>` under `<application>` (keyed by their fully
/// qualified `android:name`, each file's relative names expanded with that file's `package`), their
/// attributes (the higher-priority file wins) and their `<intent-filter>`s (identical filters are
/// kept once). Markers in a higher-priority file act on lower ones: `tools:node="remove"` (drop the
/// element), `"removeAll"` (drop every element of that kind), `"replace"` (keep this element alone,
/// without the lower one's attributes and children), `"merge"` (the default), `"merge-only-attributes"`
/// (attributes only), and `tools:remove="android:a,android:b"` (drop those attributes). The first
/// file has the highest priority and gives `package` and `<uses-sdk>`. Rule `android.manifest.merger`.
enum ManifestMerger {
    static let tools = ManifestParser.toolsNamespace
    static let android = ManifestParser.androidNamespace

    static func merge(_ roots: [XMLElementNode]) -> XMLElementNode {
        guard var result = roots.first else {
            return XMLElementNode(
                name: "manifest", namespace: nil, attributes: [], children: [], text: "",
                location: SourceLocation(file: "", line: 1, column: 1))
        }
        result = qualified(result)
        var removed: Set<String> = []
        for library in roots.dropFirst() {
            result = mergeManifest(high: result, low: qualified(library), removed: &removed)
        }
        return cleaned(result)
    }

    /// A component's key: its kind and fully qualified name.
    private static func key(_ element: XMLElementNode) -> String? {
        guard element.name == "activity" || element.name == "activity-alias",
            let name = element.attribute(android, "name")?.value
        else { return nil }
        return "\(element.name)|\(name)"
    }

    private static func node(_ element: XMLElementNode) -> String? { element.attribute(tools, "node")?.value }

    /// Expands relative component names with the file's own `package` (its namespace).
    private static func qualified(_ root: XMLElementNode) -> XMLElementNode {
        guard let package = root.attribute(nil, "package")?.value, !package.isEmpty, !package.contains("${") else { return root }
        var root = root
        for (a, application) in root.children.enumerated() where application.name == "application" {
            for (c, component) in application.children.enumerated() where component.name == "activity" || component.name == "activity-alias" {
                for (i, attribute) in component.attributes.enumerated()
                where attribute.namespace == android && (attribute.localName == "name" || attribute.localName == "targetActivity") {
                    let value = attribute.value
                    if value.hasPrefix(".") {
                        root.children[a].children[c].attributes[i].value = package + value
                    } else if !value.contains("."), !value.hasPrefix("$"), !value.hasPrefix("@") {
                        root.children[a].children[c].attributes[i].value = package + "." + value
                    }
                }
            }
        }
        return root
    }

    private static func mergeManifest(high: XMLElementNode, low: XMLElementNode, removed: inout Set<String>) -> XMLElementNode {
        var result = high
        guard let lowApplication = low.children.first(where: { $0.name == "application" }) else { return result }
        guard let index = result.children.firstIndex(where: { $0.name == "application" }) else {
            result.children.append(lowApplication)
            return result
        }
        var application = result.children[index]
        let removeAllKinds = Set(application.children.filter { node($0) == "removeAll" }.map(\.name))
        for component in lowApplication.children {
            guard let key = key(component) else { continue }
            if removeAllKinds.contains(component.name) || removed.contains(key) { continue }
            if node(component) == "remove" || node(component) == "removeAll" {
                removed.insert(key)
                continue
            }
            guard let existing = application.children.firstIndex(where: { self.key($0) == key }) else {
                application.children.append(component)
                continue
            }
            let higher = application.children[existing]
            switch node(higher) {
            case "remove"?:
                removed.insert(key)
            case "replace"?:
                continue
            case "merge-only-attributes"?:
                application.children[existing] = mergeAttributes(higher, component)
            default:
                var merged = mergeAttributes(higher, component)
                let removedFilters = Set(higher.children.filter { $0.name == "intent-filter" && node($0) == "remove" }.map(filterKey))
                let present = Set(merged.children.filter { $0.name == "intent-filter" }.map(filterKey))
                for child in component.children where child.name == "intent-filter" {
                    let childKey = filterKey(child)
                    if removedFilters.contains(childKey) || present.contains(childKey) { continue }
                    merged.children.append(child)
                }
                application.children[existing] = merged
            }
        }
        result.children[index] = application
        return result
    }

    /// Attributes of `high`, plus those only `low` has (minus any `tools:remove` names).
    private static func mergeAttributes(_ high: XMLElementNode, _ low: XMLElementNode) -> XMLElementNode {
        var merged = high
        let removedNames = Set(
            (high.attribute(tools, "remove")?.value ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).split(separator: ":").last.map(String.init) ?? ""
            })
        for attribute in low.attributes where attribute.namespace == android {
            if removedNames.contains(attribute.localName) { continue }
            if merged.attribute(android, attribute.localName) == nil { merged.attributes.append(attribute) }
        }
        return merged
    }

    /// An intent filter's identity: its actions, categories and data, in any order.
    private static func filterKey(_ filter: XMLElementNode) -> String {
        filter.children.filter { $0.namespace == nil || $0.namespace == android || true }
            .filter { $0.name != "#comment" }
            .map { child in
                child.name + "("
                    + child.attributes.filter { $0.namespace == android }
                    .map { "\($0.localName)=\($0.value)" }.sorted().joined(separator: ",") + ")"
            }
            .sorted().joined(separator: ";")
    }

    /// Drops the merger's markers: elements that say `tools:node="remove"`/`"removeAll"`, and
    /// attributes a `tools:remove` names (when nothing lower had them, they are simply absent).
    private static func cleaned(_ root: XMLElementNode) -> XMLElementNode {
        var root = root
        for (a, application) in root.children.enumerated() where application.name == "application" {
            var children: [XMLElementNode] = []
            for var component in application.children {
                if node(component) == "remove" || node(component) == "removeAll" { continue }
                component.children = component.children.filter { !($0.name == "intent-filter" && node($0) == "remove") }
                children.append(component)
            }
            root.children[a].children = children
        }
        return root
    }
}
