/// Server details of the association hosts (issue #18 item 8).
enum ServerDetailRules {
    static let all: [Rule] = [.iosAasaHostTls, .androidApplinksTls, .iosAasaHostContentTypeStrict]
}

extension Rule {
    /// The AASA must come over HTTPS with a valid certificate; developer mode accepts an untrusted one
    /// Decided in ``AASAFetcher/fromServer``.
    package static let iosAasaHostTls = Rule(
        id: "ios.aasa-host.tls", title: "The AASA host needs a valid TLS certificate",
        versions: [.ios()],
        explanation:
            "iOS (and Apple's CDN) fetch the apple-app-site-association file over HTTPS and require a valid certificate: a self-signed, expired or wrong-host certificate makes the request fail, so the domain is not associated and its links open in the browser. The exception is an alternate-mode entry (`applinks:host?mode=developer`) on a device in developer mode: the file is fetched directly and any valid certificate is accepted, even one the system does not trust (a self-signed one), but not an expired or wrong-host one.",
        sources: [
            "[A] https://developer.apple.com/documentation/xcode/supporting-associated-domains",
            "[A] https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links",
            "[A] https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains (developer mode: any valid TLS certificate, even one the system does not trust)",
            "[C] https://khorbushko.github.io/article/2025/04/28/deep-linking.html (\"Self-signed certificates won't work in production\")",
        ])

    /// The Android verifier fetches assetlinks.json over HTTPS with the system's trust store
    /// Decided in ``AssetLinksVerifier/fetch``.
    package static let androidApplinksTls = Rule(
        id: "android.applinks.tls", title: "The assetlinks.json host needs a certificate the device trusts",
        versions: [.android()],
        explanation:
            "The verification agent fetches https://host/.well-known/assetlinks.json over HTTPS only (HttpsURLConnection with the system's trust store). A self-signed, expired or wrong-host certificate fails the TLS handshake, the file is never read and the domain is not verified, so its links open in the browser (Android 12+) or the chooser (6–11). linksim reports the failure as 1028 (FAILURE_UNKNOWN) — an assumption: the notes do not give the agent's code for a handshake failure.",
        sources: [
            "[code] AOSP packages/StatementService UrlFetcher.kt (HttpsURLConnection on an https URL)",
            "[doc] https://developer.android.com/training/app-links/verify-android-applinks",
        ])

    /// Seed 001's reading: an AASA served as text/html is refused (a switchable assumption)
    /// Decided in ``AASAFetcher/evaluate``.
    package static let iosAasaHostContentTypeStrict = Rule(
        id: "ios.aasa-host.content-type-strict", title: "Assumption: an AASA served as text/html is refused",
        versions: [.ios()],
        explanation:
            "Some setup guides say an AASA with Content-Type text/html is not accepted, only application/json. Apple documents application/json, but in practice the header is not enforced (github.com and www.apple.com serve application/octet-stream), which is linksim's default (rule ios.aasa-host.content-type). A scenario can switch to the strict reading with `assumptions.aasa_content_type_strict: true` to see what it would mean: any other Content-Type denies the association.",
        sources: [
            "[C] https://novasolutions.technology/mobile-apps-development/services/networking/deep-linking-mobile-app.html (a setup guide: an AASA served as text/html is not accepted, only application/json)",
            "[A-arch] https://developer.apple.com/library/archive/documentation/General/Conceptual/AppSearch/UniversalLinks.html (a plain JSON file served as application/json)",
            "[C] https://github.com/sergii-ziborov/blazingly-aasa docs/findings.md (not enforced in practice: github.com and www.apple.com serve application/octet-stream)",
        ])
}

/// Android's chooser: “Always” with a browser, and Settings' “Clear defaults” (issue #18 item 8).
enum ChooserDefaultRules {
    static let all: [Rule] = [.androidChooserAlwaysBrowser, .androidClearDefaults]
}

extension Rule {
    /// “Always” on a browser in the chooser makes the browser the preferred activity for those links
    /// Decided in ``AndroidWebResolver/tellAlwaysBrowser``.
    package static let androidChooserAlwaysBrowser = Rule(
        id: "android.chooser.always-browser", title: "“Always” with a browser sends those links to the browser from then on",
        versions: [.android()],
        explanation:
            "In the disambiguation dialog (Android 6–11, or any unverified web link offered with apps), picking a browser and tapping “Always” stores a preferred activity for that kind of link: later taps go straight to the browser and the dialog no longer appears, even though the app still claims the links. (Choosing a browser with “Always” also makes it the default browser when none is set.) Only “Clear defaults” in the browser's app settings undoes it.",
        sources: [
            "[code] AOSP frameworks/base core/java/com/android/internal/app/ResolverActivity.java: “Always” stores a preferred activity (addPreferredActivity); a browser chosen with “Always” also becomes the default browser if none is set",
            "[A-doc] https://developer.android.com/reference/android/content/pm/PackageManager#addPreferredActivity(android.content.IntentFilter,%20int,%20android.content.ComponentName[],%20android.content.ComponentName)",
        ])

    /// Settings › Apps › X › Open by default › Clear defaults removes the preferred activities of X
    /// Decided in ``Simulator/perform``.
    package static let androidClearDefaults = Rule(
        id: "android.settings.clear-defaults", title: "“Clear defaults” forgets the “Always” choices for an app",
        versions: [.android()],
        explanation:
            "Settings › Apps › (the app or browser) › Open by default › “Clear defaults” removes the preferred activities stored for that package (PackageManager.clearPackagePreferredActivities): links it took with “Always” show the chooser again.",
        sources: [
            "[A-doc] https://developer.android.com/reference/android/content/pm/PackageManager#clearPackagePreferredActivities(java.lang.String)"
        ])
}
