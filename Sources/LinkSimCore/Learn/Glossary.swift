/// The words traces use that a newcomer does not know yet, each with a plain definition and, where
/// there is one, a public source. The course shows them; the TUI offers them from any trace step
/// that uses them (`terms(in:)`).
package struct GlossaryTerm: Sendable, Equatable, Identifiable {
    package var term: String
    /// The words in a trace line that stand for the term (matched as whole words, case as written).
    package var words: [String]
    package var definition: String
    package var source: String?
    package var id: String { term }
}

package enum Glossary {
    package static let terms: [GlossaryTerm] = [
        t(
            "AASA", ["AASA", "apple-app-site-association"],
            "apple-app-site-association: the JSON file a website serves at /.well-known/apple-app-site-association to say which apps may open which of its paths as universal links.",
            "https://developer.apple.com/documentation/xcode/supporting-associated-domains"),
        t(
            "Universal link", ["universal link", "universal links", "universal_link"],
            "An https link that iOS opens in an app instead of Safari, when the app claims the domain (applinks: entitlement) and the domain's AASA file lists the path.",
            "https://developer.apple.com/documentation/xcode/allowing-apps-and-websites-to-link-to-your-content"),
        t(
            "Associated Domains", ["associated domains", "associated_domains", "applinks", "entitlement", "entitlements"],
            "The app's entitlement (com.apple.developer.associated-domains) listing `applinks:host` entries: the domains whose links the app wants to open.",
            "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"),
        t(
            "CDN", ["CDN"],
            "Content delivery network. From iOS 14 devices do not fetch the AASA file from your server but from Apple's CDN, which caches it; a changed file reaches devices only when the CDN picks it up.",
            "https://developer.apple.com/documentation/xcode/supporting-associated-domains"),
        t(
            "Team ID", ["team ID", "TEAMID", "app ID", "appID", "appIDs"],
            "Apple's 10-character developer team identifier. The AASA file names apps as TEAMID.bundle.id; a wrong team ID means the app is not listed.",
            "https://developer.apple.com/documentation/xcode/supporting-associated-domains"),
        t(
            "Developer mode", ["developer mode", "mode=developer", "Developer Mode"],
            "An iOS setting (with \"Associated Domains Development\") that lets `?mode=developer` entries fetch the AASA file straight from your server, skipping the CDN. For development builds only.",
            "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"),
        t(
            "MDM", ["MDM", "mode=managed"],
            "Mobile device management: a device administered by an organisation. `?mode=managed` associated domains apply only on such devices.",
            "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"),
        t(
            "Custom scheme", ["custom scheme", "custom_scheme", "URL scheme", "CFBundleURLSchemes"],
            "A made-up URL scheme (shopapp://…) an app registers. Any app may register any scheme; nothing proves ownership, and a tap with no app installed fails.",
            "https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app"),
        t(
            "SFSafariViewController", ["SFSafariViewController", "sfsafariviewcontroller"],
            "Safari shown inside another app (iOS); it belongs to the app that opened it, and since iOS 11 keeps its own cookies, apart from Safari's. A universal link the app loads into it shows the page; a user's tap on one to another domain inside it may open the app (Apple's archived guide says yes, radars say no).",
            "https://developer.apple.com/documentation/safariservices/sfsafariviewcontroller"),
        t(
            "WKWebView", ["WKWebView", "WebView", "webview"],
            "A web view embedded in an app (iOS). A universal link the app itself loads into it just shows the page; a user's tap on a universal link to another domain inside it opens the app that claims the link, unless the host app blocks that.",
            "https://developer.apple.com/documentation/webkit/wkwebview"),
        t(
            "In-app browser", ["in-app browser", "in_app_browser", "in-app browsers"],
            "The web view social and mail apps (Facebook, Instagram, Gmail…) open links in. It decides itself whether to hand a link to iOS or Android.",
            nil),
        t(
            "Scene delegate", ["scene(_:willConnectTo:options:)", "scene(_:continue:)", "scene(_:openURLContexts:)", "UIScene", "scenes"],
            "With scenes (iOS 13+), links arrive in the scene delegate: willConnectTo (cold start), continue (a universal link to a running app), openURLContexts (a custom scheme to a running app).",
            "https://developer.apple.com/documentation/uikit/uiscenedelegate"),
        t(
            "App delegate",
            ["application(_:continue:restorationHandler:)", "application(_:open:options:)", "application(_:didFinishLaunchingWithOptions:)", "app_delegate"],
            "Before scenes, links arrive in the app delegate: open:options: for custom schemes, continue:restorationHandler: for universal links.",
            "https://developer.apple.com/documentation/uikit/uiapplicationdelegate"),
        t(
            "onOpenURL", ["onOpenURL", "swiftui"], "SwiftUI's modifier that receives links (custom schemes and universal links) for a SwiftUI app.",
            "https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)"),
        t(
            "NSUserActivity", ["NSUserActivity", "NSUserActivityTypeBrowsingWeb"],
            "The object iOS hands an app for a universal link (activity type NSUserActivityTypeBrowsingWeb, the URL in webpageURL).",
            "https://developer.apple.com/documentation/foundation/nsuseractivity"),
        t(
            "Cold start", ["cold start", "cold-start", "cold", "terminated"],
            "The app was not running: the system launches it and the link arrives in the launch path (willConnectTo, didFinishLaunching, onCreate), not in the running-app callbacks.",
            "https://developer.apple.com/documentation/xcode/supporting-universal-links-in-your-app"),
        t(
            "App Link", ["App Link", "App Links", "app_link", "autoVerify", "auto_verify"],
            "Android's verified http(s) link: the app's intent filter has android:autoVerify=\"true\" and the domain's assetlinks.json names the app's signing certificate.",
            "https://developer.android.com/training/app-links"),
        t(
            "assetlinks.json", ["assetlinks.json", "assetlinks", "Digital Asset Links"],
            "The file a website serves at /.well-known/assetlinks.json to say which Android apps (package + SHA-256 certificate fingerprint) may open its links.",
            "https://developer.android.com/training/app-links/verify-applinks"),
        t(
            "1026", ["1026", "1024", "1027", "1028", "1029", "FAILURE_REJECTED_BY_SERVER", "FAILURE_REDIRECT", "FAILURE_UNKNOWN"],
            "Android's domain verification error codes: 1024 unknown, 1026 rejected by server (e.g. a 404 or 5xx for assetlinks.json), 1027 timeout, 1028 unknown failure, 1029 redirect. A domain in an error state is not verified.",
            "https://developer.android.com/training/app-links/verify-applinks"),
        t(
            "Verification agent", ["UNDEFINED", "verification agent", "verifier", "verify-app-links", "domain verification", "pm"],
            "Android 12+'s service that checks each autoVerify domain once (at install/update, with retries for some errors). `adb shell pm verify-app-links` asks it again; `pm get-app-links` shows its answers. Android 6–11 kept one status per app instead (UNDEFINED, ALWAYS, NEVER, ASK).",
            "https://developer.android.com/training/app-links/verify-applinks"),
        t(
            "Intent filter", ["intent filter", "intent-filter", "intent_filters", "<intent-filter>"],
            "The manifest entry that tells Android which intents (action, categories, data: scheme, host, path) an activity accepts.",
            "https://developer.android.com/guide/components/intents-filters"),
        t(
            "VIEW", ["VIEW", "android.intent.action.VIEW"], "The intent action for \"show this data\": what a tapped link becomes on Android.",
            "https://developer.android.com/reference/android/content/Intent#ACTION_VIEW"),
        t(
            "BROWSABLE", ["BROWSABLE", "android.intent.category.BROWSABLE"],
            "The category browsers add to the intents they send for links. An activity without it in its filter cannot be opened from a web link.",
            "https://developer.android.com/reference/android/content/Intent#CATEGORY_BROWSABLE"),
        t(
            "DEFAULT", ["DEFAULT", "android.intent.category.DEFAULT"],
            "The category every implicit intent carries; a filter needs it to receive implicit intents such as links.",
            "https://developer.android.com/guide/components/intents-filters"),
        t(
            "Chooser", ["chooser", "disambiguation dialog"],
            "Android's \"Open with\" dialog when several apps (or an app and the browser) can open a link and none is verified or chosen.",
            "https://developer.android.com/training/app-links"),
        t(
            "onNewIntent", ["onNewIntent"],
            "The Activity callback that receives a link when an existing activity instance is reused: singleTop when it is at the top of its task, singleTask or singleInstance wherever it is (the activities above it are cleared). An app that reads links only in onCreate misses it.",
            "https://developer.android.com/reference/android/app/Activity#onNewIntent(android.content.Intent)"),
        t(
            "onCreate", ["onCreate"], "The Activity callback where a new activity starts; it reads the link from getIntent().",
            "https://developer.android.com/reference/android/app/Activity#onCreate(android.os.Bundle)"),
        t(
            "launchMode", ["launchMode", "launch_mode", "singleTop", "singleTask", "singleInstance"],
            "The activity attribute that decides whether a link creates a new activity (onCreate) or goes to an existing one (onNewIntent).",
            "https://developer.android.com/guide/topics/manifest/activity-element#lmode"),
        t(
            "Intent URL", ["intent:", "intent URL", "intent_url", "S.browser_fallback_url"],
            "Chrome's intent:// link form: names the package and an optional browser_fallback_url used when no app handles it.",
            "https://developer.chrome.com/docs/android/intents"),
        t(
            "Custom Tab", ["Custom Tab", "custom_tab", "Custom Tabs"],
            "Chrome shown inside an app (Android). The link the app opens it with stays in the tab (unless the app asks Custom Tabs to send it to apps); links the user taps inside it then behave as in Chrome.",
            "https://developer.chrome.com/docs/android/custom-tabs"),
        t(
            "Deferred deep link", ["deferred deep link", "deferred", "deferred_deep_link"],
            "A link that still routes the user after installing the app: the provider remembers the click and the app's SDK asks for it at the first launch.",
            "https://dev.appsflyer.com/hc/docs/dl_work_flow"),
        t(
            "UDL", ["UDL", "NOT_FOUND", "FOUND", "Unified Deep Linking", "didResolveDeepLink", "onDeepLinking", "DDL"],
            "AppsFlyer's Unified Deep Linking API: one callback for direct and deferred deep links (deep_link_value, deep_link_sub1…).",
            "https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking"),
        t(
            "GCD", ["GCD", "conversion data", "onConversionDataSuccess", "Get Conversion Data"],
            "AppsFlyer's Get Conversion Data: the attribution payload (af_status Organic/Non-organic, is_first_launch…) the SDK delivers at launch; the legacy route for deferred links.",
            "https://dev.appsflyer.com/hc/docs/conversion-data-ios"),
        t(
            "EDDL", ["EDDL", "extended deferred deep linking"],
            "AppsFlyer's extended deferred deep linking: routing from conversion data when UDL has nothing to route.",
            "https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking"),
        t(
            "OneLink", ["OneLink", "onelink"],
            "AppsFlyer's link product: one link that opens the app, the store or a fallback page and carries deep-link parameters.",
            "https://support.appsflyer.com/hc/en-us/articles/207447163"),
        t(
            "SDK", ["SDK"],
            "Software development kit: here, the provider's library inside the app (AppsFlyer, Branch, Adjust) that reads links and asks for deferred ones.",
            nil),
        t(
            "Install referrer", ["install referrer", "Install Referrer", "referrer", "Play referrer"],
            "Google Play's record of the link that led to an install, readable by the app after a store install: an exact match for deferred links on Android.",
            "https://developer.android.com/google/play/installreferrer"),
        t(
            "ATT", ["ATT", "App Tracking Transparency"], "App Tracking Transparency (iOS 14.5+): without the user's permission an app may not read the IDFA.",
            "https://developer.apple.com/documentation/apptrackingtransparency"),
        t(
            "IDFA", ["IDFA", "GAID", "advertising ID"],
            "The device's advertising identifier (IDFA on iOS, GAID on Android): lets a provider match an ad click to the install exactly.",
            "https://developer.apple.com/documentation/adsupport/asidentifiermanager"),
        t(
            "Probabilistic matching", ["probabilistic", "fingerprint", "fingerprinting"],
            "Matching a click to an install by IP address and device traits within a short window; it fails when the network changes or Private Relay hides the address.",
            "https://support.appsflyer.com/hc/en-us/articles/207447053"),
        t(
            "Private Relay", ["Private Relay", "private_relay"],
            "iCloud Private Relay hides the device's IP address from websites, which breaks IP-based matching.",
            "https://dev.appsflyer.com/hc/docs/dl_ios_private_relay"),
        t(
            "SRN", ["SRN", "self-reporting network"],
            "Self-reporting network (Meta, Google Ads…): it attributes installs itself, so the provider gets no click to route from.",
            "https://support.appsflyer.com/hc/en-us/articles/207447053"),
        t(
            "Pasteboard", ["pasteboard", "clipboard", "Allow Paste", "paste"],
            "The copy-paste buffer. Some SDKs put the link there on the web page and read it at first launch; iOS 16+ asks the user (\"Allow Paste\").",
            "https://developer.apple.com/documentation/uikit/uipasteboard"),
        t(
            "Redirect", ["redirect", "302", "301", "tracker", "tracking redirect"],
            "An HTTP answer that sends the browser to another URL (301/302). Click trackers and shorteners redirect; whether the final universal link or App Link still opens the app depends on the platform and the browser.",
            "https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"),
        t(
            "TN3155", ["TN3155"], "Apple's technote \"Debugging universal links\": the reference for how iOS decides and how to diagnose it.",
            "https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"),
        t(
            "AOSP", ["AOSP"], "The Android Open Source Project: the published source of Android, where behaviour the docs leave out can be read.",
            "https://source.android.com/"),
        t(
            "CTS", ["CTS"], "Android's Compatibility Test Suite: tests every Android device must pass; linksim replays its App Link tests.",
            "https://source.android.com/docs/compatibility/cts"),
        t(
            "URL", ["URL", "URI"], "The address a link points to: scheme, host, path, query, fragment.",
            "https://www.rfc-editor.org/rfc/rfc3986"),
        t(
            "HTTP status", ["HTTP", "HTTPS", "404", "200", "5xx"],
            "The number a server answers with: 200 OK, 301/302 redirect, 404 not found, 5xx server error. Association files must be served with 200.",
            "https://www.rfc-editor.org/rfc/rfc9110#name-status-codes"),
        t(
            "JSON", ["JSON", "Content-Type", "application/json"],
            "The text format of AASA and assetlinks files. Apple documents application/json for the AASA file; iOS does not enforce the header in practice; serve it as application/json anyway.",
            "https://www.rfc-editor.org/rfc/rfc8259"),
        t(
            "API level", ["API"],
            "Android's version number for the platform (API 31 = Android 12). Behaviour of intent filters and verification changes with it.",
            "https://developer.android.com/tools/releases/platforms"),
        t(
            "MIME type", ["MIME", "mime_type"],
            "The data type an intent filter can require; a link has none, so a filter with a MIME type does not match a plain link.",
            "https://developer.android.com/guide/topics/manifest/data-element"),
        t(
            "Intent flags", ["NEW_TASK", "CLEAR_TOP", "FLAG_ACTIVITY_CLEAR_TOP", "FLAG_ACTIVITY_NEW_TASK"],
            "Flags the sender adds to an intent: NEW_TASK starts the activity in its own task (browsers use it), CLEAR_TOP finishes the activities above an existing instance.",
            "https://developer.android.com/reference/android/content/Intent#FLAG_ACTIVITY_CLEAR_TOP"),
        t(
            "Match category",
            [
                "MATCH_CATEGORY_HOST", "MATCH_CATEGORY_PATH", "MATCH_CATEGORY_PORT", "MATCH_CATEGORY_SCHEME", "MATCH_CATEGORY_SCHEME_SPECIFIC_PART",
                "MATCH_CATEGORY_TYPE", "MATCH_DEFAULT_ONLY", "IntentFilter.match()",
            ],
            "How specifically an intent filter matched (scheme < host < port < path): IntentFilter.match() returns it, and Android prefers the most specific filters. MATCH_DEFAULT_ONLY makes a query consider only filters with the DEFAULT category.",
            "https://developer.android.com/reference/android/content/IntentFilter"),
        t(
            "Path patterns",
            [
                "PATTERN_LITERAL", "PATTERN_PREFIX", "PATTERN_SIMPLE_GLOB", "PATTERN_ADVANCED_GLOB", "PATTERN_SUFFIX", "pathPattern", "pathPrefix",
                "pathAdvancedPattern", "pathSuffix",
            ],
            "The kinds of path matching a <data> element can ask for: an exact path, a prefix, a simple glob (. and .* only, no backtracking), an advanced glob (Android 12+) or a suffix (Android 12+).",
            "https://developer.android.com/reference/android/os/PatternMatcher"),
        t(
            "exported", ["exported", "android:exported", "INSTALL_PARSE_FAILED_MANIFEST_MALFORMED"],
            "Whether other apps (browsers included) may start an activity. From Android 12 (target 31) an activity with intent filters must say it explicitly, or the app does not install.",
            "https://developer.android.com/guide/topics/manifest/activity-element#exported"),
        t(
            "AndroidManifest.xml", ["AndroidManifest.xml", "manifest", "XML"],
            "The app's manifest, an XML file declaring its activities and their intent filters.",
            "https://developer.android.com/guide/topics/manifest/manifest-intro"),
        t(
            "ERR_UNKNOWN_URL_SCHEME", ["ERR_UNKNOWN_URL_SCHEME", "net::ERR_UNKNOWN_URL_SCHEME"],
            "The error page a WebView or Chrome shows when asked to load a URL whose scheme it cannot load itself (a custom scheme or intent: inside a WebView with a client).",
            "https://developer.android.com/reference/android/webkit/WebViewClient"),
        t(
            "Firebase Dynamic Links", ["FDL", "Firebase Dynamic Links", "page.link"],
            "Google's deferred-link service, shut down on 25 August 2025: its links now end on an error page.",
            "https://firebase.google.com/support/dynamic-links-faq"),
    ]

    static func t(_ term: String, _ words: [String], _ definition: String, _ source: String?) -> GlossaryTerm {
        GlossaryTerm(term: term, words: words, definition: definition, source: source)
    }

    package static func term(_ name: String) -> GlossaryTerm? {
        terms.first { $0.term.lowercased() == name.lowercased() }
    }

    /// The glossary terms a line of text uses, in glossary order. A word matches as a whole word
    /// (letters, digits, `_`, `-`, `.` and `:` around it do not count as a boundary), so `API`
    /// does not match inside `APIs` and `1026` not inside `10260`.
    package static func terms(in line: String) -> [GlossaryTerm] {
        terms.filter { term in term.words.contains { contains(line, word: $0) } }
    }

    static func contains(_ text: String, word: String) -> Bool {
        let chars = Array(text.unicodeScalars)
        let target = Array(word.unicodeScalars)
        guard !target.isEmpty, chars.count >= target.count else { return false }
        func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_")
        }
        var i = 0
        while i + target.count <= chars.count {
            if chars[i..<(i + target.count)].elementsEqual(target) {
                let beforeOK = i == 0 || !isWordScalar(chars[i - 1]) || !isWordScalar(target[0])
                let after = i + target.count
                let afterOK = after == chars.count || !isWordScalar(chars[after]) || !isWordScalar(target[target.count - 1])
                if beforeOK && afterOK { return true }
            }
            i += 1
        }
        return false
    }
}
