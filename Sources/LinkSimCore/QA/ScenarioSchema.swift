/// A JSON Schema (draft-07) of the scenario format, built from the same key lists the loader
/// checks (`ScenarioKeys`) and the model's enums, so the schema and the loader cannot drift apart.
/// `linksim schema` prints it; `scenarios/scenario.schema.json` is the same text, for editors
/// (the YAML language server) and CI. The loader stays the authority: the schema catches unknown
/// keys, wrong types and bad enum values while typing; only the loader checks cross-references
/// (an app id named in an action, a file that must exist).
package enum ScenarioSchema {
    /// A JSON value with ordered keys, for a deterministic file.
    indirect enum Node {
        case string(String)
        case int(Int)
        case bool(Bool)
        case array([Node])
        case object([(String, Node)])

        func render(indent: Int = 0) -> String {
            let pad = String(repeating: "  ", count: indent)
            let inner = String(repeating: "  ", count: indent + 1)
            switch self {
            case .string(let s): return JSONText.quote(s)
            case .int(let i): return String(i)
            case .bool(let b): return b ? "true" : "false"
            case .array(let items):
                if items.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
                    return "[" + items.map { $0.render() }.joined(separator: ", ") + "]"
                }
                return "[\n" + items.map { inner + $0.render(indent: indent + 1) }.joined(separator: ",\n") + "\n" + pad + "]"
            case .object(let pairs):
                if pairs.isEmpty { return "{}" }
                return "{\n"
                    + pairs.map { inner + JSONText.quote($0.0) + ": " + $0.1.render(indent: indent + 1) }
                    .joined(separator: ",\n") + "\n" + pad + "}"
            }
        }
    }

    // MARK: Building blocks

    static func type(_ name: String, _ description: String? = nil) -> Node {
        var pairs: [(String, Node)] = [("type", .string(name))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }
    static func types(_ names: [String], _ description: String? = nil) -> Node {
        var pairs: [(String, Node)] = [("type", .array(names.map(Node.string)))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }
    static let string = type("string")
    static let bool = type("boolean")
    static let integer = type("integer")
    static let scalar = types(["string", "number", "boolean"])
    static let any: Node = .object([])
    static let duration = types(["string", "integer"], "a duration: 30s, 20m, 36h, 8d")
    static func choice(_ values: [String], _ description: String? = nil) -> Node {
        var pairs: [(String, Node)] = [("type", .string("string")), ("enum", .array(values.map(Node.string)))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }
    static func list(_ items: Node) -> Node { .object([("type", .string("array")), ("items", items)]) }
    static func map(_ values: Node) -> Node { .object([("type", .string("object")), ("additionalProperties", values)]) }
    static func ref(_ name: String) -> Node { .object([("$ref", .string("#/definitions/\(name)"))]) }
    static func oneOf(_ options: [Node], _ description: String? = nil) -> Node {
        var pairs: [(String, Node)] = [("anyOf", .array(options))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }

    /// An object with exactly the loader's keys; `types` gives a schema for some of them, the rest accept any value.
    static func object(_ keys: [String], _ types: [String: Node], required: [String] = [], description: String? = nil) -> Node {
        var pairs: [(String, Node)] = [("type", .string("object"))]
        if let description { pairs.append(("description", .string(description))) }
        pairs.append(("properties", .object(keys.map { ($0, types[$0] ?? any) })))
        if !required.isEmpty { pairs.append(("required", .array(required.map(Node.string)))) }
        pairs.append(("additionalProperties", .bool(false)))
        return .object(pairs)
    }

    static func names<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> [String] where T.RawValue == String {
        T.allCases.map(\.rawValue)
    }

    // MARK: The format

    static var tapModifiers: [String: Node] {
        [
            "from": choice(names(TapSource.self), "where the tap happens (contract §2.1)"),
            "page": type("string", "the page the link sits on"),
            "browser_app": choice(names(InAppBrowserApp.self)),
            "gesture": choice(names(Gesture.self)),
            "caller": string,
            "ad_click": bool,
            "srn": bool,
            "webview_client": bool,
            "app": type("string", "the app the tap addresses: adb's package, the push notification's or Smart App Banner's app"),
        ]
    }

    static var definitions: [(String, Node)] {
        let os = types(["string", "number"], "iOS version (\"17.4\"), or Android version (\"14\") / API (\"api34\")")
        let device = object(
            ScenarioKeys.device,
            [
                "platform": choice(names(Platform.self)),
                "os": os,
                "default_browser": choice(names(Browser.self)),
                "developer_mode": bool, "private_relay": bool, "online": bool, "managed": bool,
                "att": choice(names(ATTStatus.self)),
                "network": string,
                "clipboard": types(["string", "null"]),
                "safari_prefers_browser": list(string),
                "scheme_collision": choice(names(SchemeCollisionPolicy.self)),
                "att_answer_after": duration,
                "app_link_verification_delay": duration,
                "association_delay": duration,
                "browsers": list(string),
            ], required: ["platform", "os"])
        let filterData = object(
            ScenarioKeys.filterData,
            Dictionary(uniqueKeysWithValues: ScenarioKeys.filterData.map { ($0, $0 == "port" ? types(["string", "integer"]) : string) }))
        let relativeData = object(ScenarioKeys.relativeData, Dictionary(uniqueKeysWithValues: ScenarioKeys.relativeData.map { ($0, string) }))
        let intentFilter = object(
            ScenarioKeys.intentFilter,
            [
                "auto_verify": bool,
                "actions": list(string),
                "categories": list(string),
                "data": list(filterData),
                "uri_relative_filter_groups": list(object(ScenarioKeys.relativeGroup, ["allow": bool, "data": list(relativeData)])),
                "source": string,
                "unresolved": list(
                    object(
                        ScenarioKeys.unresolvedValue,
                        [
                            "scope": choice(UnresolvedAttribute.Scope.allCases.map(\.rawValue)), "attribute": string, "data": integer,
                            "value": string, "at": string, "reason": string,
                        ], required: ["scope", "attribute"])),
            ])
        let activity = object(
            ScenarioKeys.activity,
            [
                "name": string, "exported": bool, "enabled": bool, "target_activity": string,
                "launch_mode": choice(names(LaunchMode.self)),
                "intent_filters": list(intentFilter),
            ], required: ["name"])
        let route = object(
            ScenarioKeys.route,
            [
                "path": string, "url": string, "deep_link_value": scalar, "param": string, "value": scalar, "screen": string,
                "force_unwrap": list(string), "parents": list(string),
            ], required: ["screen"])
        let app = object(
            ScenarioKeys.app,
            [
                "id": string, "name": string,
                "state": choice(names(AppState.self)),
                "team_id": string,
                "url_schemes": list(string), "associated_domains": list(string),
                "lifecycle": choice(names(IOSLifecycle.self)),
                "build": choice(names(IOSBuild.self)),
                "info_plist": string, "entitlements": string,
                "manifest": oneOf([string, list(string)], "an AndroidManifest.xml, or a list: the app's, then its libraries' (merged)"),
                "manifest_placeholders": map(string),
                "manifest_package": string,
                "pm_app_links": type(
                    "string", "the output of `adb shell pm get-app-links [--user 0]`: seeds domain_verification, link_handling_allowed, user_selected_domains"),
                "res": oneOf([string, list(string)], "a res/ folder (or several) whose values*/ files resolve @string/@bool/@integer"),
                "activities": list(ref("activity")),
                "target_sdk": integer,
                "signing_sha256": list(string),
                "link_handling_allowed": bool,
                "user_selected_domains": list(string),
                "domain_verification": map(types(["string", "integer", "null"])),
                "handles": list(choice(EntryPoint.allCases.map(\.rawValue))),
                "routes": list(route),
                "home_screen": string,
                "current_screen": types(["string", "null"]),
                "sdk": .object([
                    ("type", .string("object")),
                    ("properties", .object([("provider", choice(names(SDKProvider.self)))])),
                    ("additionalProperties", scalar),
                ]),
                "install_source": choice(names(InstallSource.self)),
                "ios_sdk": types(["string", "number"]),
            ].merging(appSideProperties) { first, _ in first }, required: ["id"])
        let resource = object(
            ScenarioKeys.webResource,
            [
                "file": string, "json": any, "status": integer, "content_type": string, "redirect": string,
            ])
        let redirect = oneOf([string, object(ScenarioKeys.redirectTarget, ["to": string, "status": integer, "after": duration], required: ["to"])])
        let webHost = object(
            ScenarioKeys.webHost,
            [
                "aasa": ref("resource"), "aasa_root": ref("resource"), "cdn_aasa": ref("resource"), "assetlinks": ref("resource"),
                "redirects": map(redirect),
                "tls": choice(names(TLSCertificate.self), "the certificate the host presents (default valid)"),
                "app_clip": object(ScenarioKeys.appClip, ["parent": string, "clip": string, "paths": list(string)], required: ["parent", "clip"]),
                "fallback_pages": map(
                    object(
                        ScenarioKeys.fallbackPage,
                        ["try": string, "fallback": string, "timer_ms": integer, "prompt_answer_ms": integer, "switch_ms": integer],
                        required: ["try", "fallback"])),
                "redirect_evidence": oneOf(
                    [string, object(ScenarioKeys.redirectEvidence, ["file": string, "url": string], required: ["file"])],
                    "a `curl -sIL URL` transcript or a HAR file whose redirect chain becomes redirect rules"),
            ])
        let providers = object(
            ScenarioKeys.providers,
            [
                "appsflyer": object(
                    ScenarioKeys.appsflyer,
                    [
                        "domain": string, "template": string, "app": string, "copy_to_clipboard": bool, "server_latency_ms": integer,
                        "short_links": map(object(ScenarioKeys.appsflyerShortLink, ["params": map(scalar), "expires": string])),
                    ]),
                "branch": object(
                    ScenarioKeys.branch,
                    [
                        "domain": string, "app": string, "copy_to_clipboard": bool,
                        "links": map(object(ScenarioKeys.branchLink, ["data": map(scalar)])),
                    ]),
                "adjust": object(ScenarioKeys.adjust, ["domain": string, "app": string, "copy_to_clipboard": bool]),
                "firebase": object(ScenarioKeys.simpleProvider, ["domain": string, "app": string]),
            ])
        var expectTypes: [String: Node] = [
            "lands": choice(names(LandingKind.self)),
            "app": string, "options": list(string), "screen": string, "params": map(scalar),
            "via": choice(names(Via.self)), "browser": choice(names(Browser.self)), "url": string, "callback": string,
            "delivered": bool, "rule": string,
        ]
        for key in ScenarioKeys.deferredExpect + ScenarioKeys.appSideExpect { expectTypes[key] = scalar }
        let expect = object(ScenarioKeys.expect, expectTypes, required: ["lands"], description: "what the scenario expects (contract §2.4)")
        var actionTypes = tapModifiers
        actionTypes["tap"] = type("string", "the URL tapped")
        actionTypes["long_press"] = string
        actionTypes["wait"] = duration
        actionTypes["install"] = oneOf([string, object(ScenarioKeys.install, ["app": string, "source": choice(names(InstallSource.self))], required: ["app"])])
        actionTypes["launch"] = string
        actionTypes["uninstall"] = string
        actionTypes["update"] = string
        actionTypes["answer"] = string
        actionTypes["always"] = bool
        actionTypes["clear_defaults"] = string
        actionTypes["set"] = map(types(["string", "number", "boolean", "null"]))
        actionTypes["pm"] = type("string", "an Android package-manager shell command, e.g. pm set-app-links --package ID 1 all")
        actionTypes["serve"] = map(ref("webHost"))
        actionTypes["choose"] = choice(names(LongPressChoice.self))
        actionTypes["expect"] = ref("expect")
        let action = object(
            ScenarioKeys.action, actionTypes,
            description:
                "one thing the user does (tap, wait, install, launch, uninstall, update, long_press, answer, set), a server does (serve) or QA type (pm)")
        let tristate = oneOf([bool, choice(["auto", "true", "false"])])
        let assumptions = object(
            ScenarioKeys.assumptions,
            [
                "sfsafariviewcontroller_taps_open_app": bool, "redirects_open_app": tristate,
                "in_app_browsers_open_app": bool, "quirk_swiftui_cold_start_drop_18_4": bool,
                "aasa_content_type_strict": bool,
            ])
        return [
            ("device", device), ("app", app), ("activity", activity), ("resource", resource), ("webHost", webHost),
            ("providers", providers), ("assumptions", assumptions), ("action", action), ("expect", expect),
        ]
    }

    static var root: Node {
        var topTypes = tapModifiers
        topTypes["linksim"] = .object([("const", .int(1)), ("description", .string("the format version"))])
        topTypes["name"] = string
        topTypes["description"] = string
        topTypes["tags"] = list(string)
        topTypes["clock"] = type("string", "simulated start time, e.g. 2026-01-15T09:00:00Z")
        topTypes["device"] = ref("device")
        topTypes["apps"] = list(ref("app"))
        topTypes["web"] = map(ref("webHost"))
        topTypes["providers"] = ref("providers")
        topTypes["assumptions"] = ref("assumptions")
        topTypes["actions"] = list(ref("action"))
        topTypes["tap"] = type("string", "a single tap instead of `actions:`")
        topTypes["expect"] = ref("expect")
        guard case .object(var pairs) = object(ScenarioKeys.top, topTypes, required: ["linksim", "name", "device"]) else { return any }
        pairs.insert(("$schema", .string("http://json-schema.org/draft-07/schema#")), at: 0)
        pairs.insert(("$id", .string("https://linksim.invalid/scenario.schema.json")), at: 1)
        pairs.insert(("title", .string("linksim scenario (format version 1)")), at: 2)
        pairs.append(("definitions", .object(definitions)))
        return .object(pairs)
    }

    /// The schema as pretty-printed JSON (ends with a newline).
    package static var json: String { root.render() + "\n" }
}
