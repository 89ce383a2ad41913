/// The world `linksim` opens on when it starts without a file: a shop app on an iPhone and on an
/// Android phone, the association files its domains serve, and a handful of links that each show
/// a different path (universal link / App Link, custom scheme, a tracking redirect, a OneLink, an
/// excluded path). Built from the model types directly so it needs no file and no loader.
package enum DemoWorld {
    package static let shopID = "com.example.shop"
    package static let shopHost = "shop.example.com"
    package static let trackingHost = "click.mailer.example"
    package static let oneLinkHost = "acme.onelink.me"

    /// The demo scenario, on the iPhone. Its actions are the demo's links, each meant to be tapped
    /// on its own (not a timeline).
    package static var scenario: Scenario {
        var scenario = Scenario(name: "Demo: the Shop app and its links", device: iPhone)
        scenario.description = """
            A shop app that claims shop.example.com (universal links / App Links), registers the \
            shopapp:// scheme and uses AppsFlyer OneLink. Pick a link, change one knob at a time, \
            and read the trace.
            """
        scenario.tags = ["demo"]
        scenario.apps = [shopApp]
        scenario.web = web
        scenario.providers = providers
        scenario.actions = links.map { Action(kind: .tap($0)) }
        return scenario
    }

    /// Both demo devices: the iPhone the scenario starts on, and the Android phone a platform switch uses.
    package static var devices: [Device] { [iPhone, androidPhone] }

    package static var iPhone: Device {
        Device(platform: .ios, os: OSVersion(ios: 18, 4), defaultBrowser: .safari)
    }

    package static var androidPhone: Device {
        Device(platform: .android, os: OSVersion(androidAPI: 35), defaultBrowser: .chrome)
    }

    package static var links: [Tap] {
        [
            Tap(url: "https://shop.example.com/product/42", from: .notes),
            Tap(url: "shopapp://product/42", from: .messages),
            Tap(url: "https://click.mailer.example/ls/click?upn=product-42", from: .mail),
            Tap(url: "https://acme.onelink.me/H5hv/apples", from: .inAppBrowser, browserApp: .instagram),
            Tap(url: "https://shop.example.com/product/42", from: .safari, page: "https://shop.example.com/"),
            Tap(url: "https://shop.example.com/help/returns", from: .notes),
        ]
    }

    package static var shopApp: App {
        var app = App(id: shopID, name: "Shop", state: .background)
        app.teamID = "ABCDE12345"
        app.urlSchemes = ["shopapp"]
        app.associatedDomains = ["applinks:\(shopHost)", "applinks:\(oneLinkHost)"]
        app.lifecycle = .scenes
        app.build = .appStore
        app.targetSDK = 34
        app.signingSHA256 = [signingFingerprint]
        let verifiedWebFilter = IntentFilter(
            autoVerify: true,
            actions: [IntentFilter.actionView],
            categories: [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable],
            data: [
                IntentFilterData(scheme: "https", host: shopHost, pathPrefix: "/product/"),
                IntentFilterData(scheme: "https", host: oneLinkHost, pathPrefix: "/H5hv"),
            ]
        )
        let schemeFilter = IntentFilter(
            actions: [IntentFilter.actionView],
            categories: [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable],
            data: [IntentFilterData(scheme: "shopapp")]
        )
        app.activities = [
            Activity(
                name: ".MainActivity", exported: true, launchMode: .singleTask,
                intentFilters: [verifiedWebFilter, schemeFilter])
        ]
        app.routes = [
            Route(pattern: .path("/product/{id}"), screen: "ProductDetail"),
            Route(pattern: .url("shopapp://product/{id}"), screen: "ProductDetail"),
            Route(pattern: .deepLinkValue("apples"), screen: "Apples"),
            Route(pattern: .param(name: "product_id", value: "{id}"), screen: "ProductDetail"),
        ]
        app.homeScreen = "Home"
        app.currentScreen = "Cart"
        app.sdk = SDKConfig(provider: .appsflyer)
        return app
    }

    static let signingFingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static let shopAASA = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [\
        {"/": "/help/*", "exclude": true, "comment": "help pages stay on the web"}, \
        {"/": "/product/*"}, {"/": "/cart"}]}]}}
        """

    static let oneLinkAASA = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/H5hv/*"}]}]}}
        """

    static var assetLinks: String {
        """
        [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
        "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(signingFingerprint)"]}}]
        """
    }

    package static var web: Web {
        var shop = WebHost(host: shopHost)
        shop.aasa = WebResource(body: Array(shopAASA.utf8), origin: "inline json")
        shop.assetlinks = WebResource(body: Array(assetLinks.utf8), origin: "inline json")

        var tracking = WebHost(host: trackingHost)
        tracking.redirects = [RedirectRule(pattern: "/ls/click*", target: "https://shop.example.com/product/42")]

        var oneLink = WebHost(host: oneLinkHost)
        oneLink.aasa = WebResource(body: Array(oneLinkAASA.utf8), origin: "inline json")
        oneLink.assetlinks = WebResource(body: Array(assetLinks.utf8), origin: "inline json")

        return Web(hosts: [shopHost: shop, trackingHost: tracking, oneLinkHost: oneLink])
    }

    package static var providers: Providers {
        var appsflyer = AppsFlyerConfig(domain: oneLinkHost)
        appsflyer.template = "H5hv"
        appsflyer.app = shopID
        appsflyer.shortLinks = [
            "apples": AppsFlyerShortLink(params: ["deep_link_value": "apples", "deep_link_sub1": "23"])
        ]
        var providers = Providers()
        providers.appsflyer = appsflyer
        return providers
    }
}
