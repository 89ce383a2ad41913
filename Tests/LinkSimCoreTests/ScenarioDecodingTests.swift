import Testing

@testable import LinkSimCore

@Suite struct ScenarioDecodingTests {
    static let full = """
        linksim: 1
        name: Everything at once
        description: |
          A long description.
        tags: [ios, demo]
        clock: 2026-01-15T09:00:00Z
        device:
          platform: ios
          os: "17.4"
          default_browser: chrome
          developer_mode: true
          private_relay: true
          att: denied
          network: office
          clipboard: null
          safari_prefers_browser: [Shop.Example.com]
          online: false
          scheme_collision: last_installed
        apps:
          - id: com.example.shop
            name: Shop
            state: background
            team_id: ABCDE12345
            url_schemes: [shopapp]
            associated_domains: ["applinks:shop.example.com"]
            lifecycle: swiftui
            build: testflight
            info_plist: files/Info.plist
            handles: [onOpenURL]
            routes:
              - {path: "/product/{id}", screen: ProductDetail}
              - {url: "shopapp://product/{id}", screen: ProductDetail}
              - {deep_link_value: apples, screen: Apples}
              - {param: product_id, value: "{id}", screen: ProductDetail}
            home_screen: Home
            current_screen: Cart
            sdk: {provider: appsflyer, udl: true, clipboard_recipe: false, wait_for_att: 30s}
          - id: com.example.android
            activities:
              - name: .MainActivity
                exported: true
                launch_mode: singleTop
                intent_filters:
                  - auto_verify: true
                    actions: [VIEW]
                    categories: [DEFAULT, BROWSABLE]
                    data:
                      - {scheme: https, host: shop.example.com, path_prefix: /product/}
                    uri_relative_filter_groups:
                      - {allow: true, data: [{query: "ref=*"}, {fragment: top}]}
            target_sdk: 34
            signing_sha256: ["AB:CD"]
            link_handling_allowed: false
            user_selected_domains: [shop.example.com]
            domain_verification: {shop.example.com: "1026", www.example.com: verified}
        web:
          shop.example.com:
            aasa: {file: files/aasa.json, content_type: text/html}
            cdn_aasa: {json: {applinks: {details: []}}}
            assetlinks: {redirect: "https://www.example.com/.well-known/assetlinks.json"}
            redirects: {"/go/*": "https://shop.example.com/product/42", "/old": {to: "/new", status: 301}}
        providers:
          appsflyer:
            domain: acme.onelink.me
            template: H5hv
            app: com.example.shop
            short_links:
              apples: {params: {deep_link_value: apples, deep_link_sub1: "23"}, expires: 2026-03-01T00:00:00Z}
          branch:
            domain: acme.app.link
            links:
              /summer: {data: {product_id: "42"}}
          adjust: {domain: acme.go.link, app: com.example.shop}
          firebase: {domain: acme.page.link}
        actions:
          - tap: https://shop.example.com/product/42
            from: in_app_browser
            browser_app: instagram
            page: https://instagram.com/p/1
            gesture: script
            caller: com.example.shop
            ad_click: true
            expect: {lands: app, app: com.example.shop, screen: ProductDetail, params: {id: "42"}, via: universal_link,
                     browser: in_app, url: "https://x", callback: onOpenURL, delivered: true, rule: ios.scheme.from-app,
                     options: [a, b]}
          - wait: 1h30m
          - install: {app: com.example.shop, source: sideload}
          - install: com.example.android
          - launch: com.example.shop
          - uninstall: com.example.shop
          - update: com.example.shop
          - long_press: https://shop.example.com/product/42
            from: notes
            choose: open_in_safari
          - answer: com.example.shop
          - answer: allow_paste
          - set: {device.os: "18.0", apps.0.state: terminated, apps.com.example.shop.current_screen: Home}
        """

    static let files = [
        "dir/files/Info.plist": """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
        <key>CFBundleURLSchemes</key><array><string>shopplist</string></array></dict></array></dict></plist>
        """, "dir/files/aasa.json": #"{"applinks": {"details": []}}"#,
    ]

    @Test func decodesEveryContractKey() throws {
        let s = try loadScenario(Self.full, files: Self.files)
        #expect(s.name == "Everything at once")
        #expect(s.description == "A long description.\n")
        #expect(s.tags == ["ios", "demo"])
        #expect(s.clock.description == "2026-01-15T09:00:00Z")
        #expect(s.device.os == OSVersion(ios: 17, 4))
        #expect(s.device.defaultBrowser == .chrome)
        #expect(s.device.developerMode && s.device.privateRelay && !s.device.online)
        #expect(s.device.att == .denied && s.device.network == "office" && s.device.clipboard == nil)
        #expect(s.device.safariPrefersBrowser == ["shop.example.com"])
        #expect(s.device.schemeCollision == .lastInstalled)

        let shop = s.apps[0]
        #expect(shop.urlSchemes == ["shopapp", "shopplist"])  // inline plus Info.plist
        #expect(shop.lifecycle == .swiftui && shop.build == .testflight && shop.teamID == "ABCDE12345")
        #expect(shop.handles == [.onOpenURL])
        #expect(shop.routes.count == 4)
        #expect(shop.routes[3].pattern == .param(name: "product_id", value: "{id}"))
        #expect(shop.sdk.provider == .appsflyer)
        #expect(shop.sdk.options["wait_for_att"] == .duration(SimDuration(seconds: 30)))
        #expect(shop.currentScreen == "Cart")

        let android = s.apps[1]
        let filter = android.activities[0].intentFilters[0]
        #expect(android.activities[0].launchMode == .singleTop)
        #expect(filter.autoVerify)
        #expect(filter.actions == ["android.intent.action.VIEW"])
        #expect(filter.categories == ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"])
        #expect(filter.data == [IntentFilterData(scheme: "https", host: "shop.example.com", pathPrefix: "/product/")])
        #expect(filter.uriRelativeFilterGroups[0].data[0].query == "ref=*")
        #expect(android.domainVerification == ["shop.example.com": .code(1026), "www.example.com": .verified])
        #expect(!android.linkHandlingAllowed && android.userSelectedDomains == ["shop.example.com"])

        let host = try #require(s.web["shop.example.com"])
        #expect(host.aasa?.contentType == "text/html")
        #expect(host.aasa?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"applinks": {"details": []}}"#)
        #expect(host.cdnAASA?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"applinks":{"details":[]}}"#)
        #expect(host.assetlinks?.status == 301)
        #expect(host.redirects.map(\.target) == ["https://shop.example.com/product/42", "/new"])
        #expect(host.redirects[1].status == 301)

        #expect(s.providers.appsflyer?.shortLinks["apples"]?.params["deep_link_sub1"] == "23")
        #expect(s.providers.branch?.links["/summer"]?.data["product_id"] == "42")
        #expect(s.providers.adjust?.domain == "acme.go.link" && s.providers.firebase?.domain == "acme.page.link")

        #expect(
            s.actions.map(\.kind.name) == [
                "tap", "wait", "install", "install", "launch", "uninstall", "update",
                "long_press", "answer", "answer", "set",
            ])
        guard case .tap(let tap) = s.actions[0].kind else {
            Issue.record("not a tap")
            return
        }
        #expect(tap.from == .inAppBrowser && tap.browserApp == .instagram && tap.gesture == .script && tap.adClick)
        #expect(s.actions[0].expect?.options == ["a", "b"])
        #expect(s.actions[1].kind == .wait(SimDuration(seconds: 5400)))
        #expect(s.actions[2].kind == .install(appID: "com.example.shop", source: .sideload))
        guard case .set(let assignments) = s.actions[10].kind else {
            Issue.record("not a set")
            return
        }
        #expect(assignments.map(\.path) == ["device.os", "apps.0.state", "apps.com.example.shop.current_screen"])
    }

    @Test func singleTapShorthand() throws {
        let s = try loadScenario(
            """
            linksim: 1
            name: shorthand
            device: {platform: android, os: api33}
            tap: shopapp://x
            from: chrome
            expect: {lands: nowhere}
            """)
        #expect(s.device.os == OSVersion(androidAPI: 33))
        #expect(s.actions.count == 1)
        #expect(s.actions[0].kind == .tap(Tap(url: "shopapp://x", from: .chrome)))
        #expect(s.actions[0].expect?.lands == .nowhere)
    }

    @Test func androidVersionNamesBecomeAPILevels() {
        #expect(OSVersion.parse("14", platform: .android) == OSVersion(androidAPI: 34))
        #expect(OSVersion.parse("12L", platform: .android) == OSVersion(androidAPI: 32))
        #expect(OSVersion.parse("api35", platform: .android) == OSVersion(androidAPI: 35))
        #expect(OSVersion.parse("fourteen", platform: .android) == nil)
        #expect(OSVersion.parse("17.4.1", platform: .ios) == OSVersion(ios: 17, 4, 1))
    }

    // MARK: Broken files, each with its exact message

    static let header = "linksim: 1\nname: x\ndevice: {platform: ios, os: \"17.4\"}\n"

    static let broken: [(String, [String])] = [
        (
            "linksim: 2\nname: x\ndevice: {platform: ios, os: \"17\"}\ntap: a://b\n",
            ["test.yaml:1:10: error: unsupported format version 2 in `linksim`; this linksim reads version 1"]
        ),
        (
            "name: x\ndevice: {platform: ios, os: \"17\"}\ntap: a://b\n",
            ["test.yaml:1:1: error: missing required key `linksim` in the scenario"]
        ),
        (
            header + "apps:\n  - id: a\n    assocated_domains: []\ntap: a://b\n",
            ["test.yaml:6:5: error: unknown key `assocated_domains` in apps[0]; did you mean `associated_domains`?"]
        ),
        (
            // A list as a key (no anchors in the file): a located error, never the key's description as its text.
            header + "? [a, b]\n: 1\ntap: a://b\n",
            ["test.yaml:4:3: error: a mapping key here is a list or mapping; scenario keys are plain text"]
        ),
        (
            header + "tap: a://b\nexpect: {lands: browser, browser: safar}\n",
            [
                "test.yaml:5:35: error: `expect.browser` must be one of: safari, chrome, firefox, edge, brave, samsung, none, in_app, sfsafariviewcontroller, custom_tab, webview; got `safar`; did you mean `safari`?"
            ]
        ),
        (
            "linksim: 1\nname: x\ndevice: {platform: iso, os: \"17\"}\ntap: a://b\n",
            ["test.yaml:3:20: error: `device.platform` must be one of: ios, android; got `iso`; did you mean `ios`?"]
        ),
        (
            header + "apps:\n  - {id: a, state: runing}\ntap: a://b\n",
            ["test.yaml:5:20: error: `apps[0].state` must be one of: not_installed, installed, terminated, background, foreground; got `runing`"]
        ),
        (
            header + "apps:\n  - {id: a, handles: [onOpenUrl]}\ntap: a://b\n",
            [
                "test.yaml:5:23: error: `apps[0].handles`: `onOpenUrl` is not an entry point linksim knows; did you mean `onOpenURL`?; known: "
                    + EntryPoint.allCases.map(\.rawValue).joined(separator: ", ")
            ]
        ),
        (
            header + "actions:\n  - wait: 20 minutes\n",
            ["test.yaml:5:11: error: `actions[0].wait` must be a duration such as 30s, 20m, 36h or 8d, got `20 minutes`"]
        ),
        (
            header + "apps: {id: a}\ntap: a://b\n",
            ["test.yaml:4:7: error: `apps` must be a list, got a mapping"]
        ),
        (
            header + "apps:\n  - {id: a, info_plist: files/Info.plist}\ntap: a://b\n",
            ["test.yaml:5:25: error: file `files/Info.plist` named by `apps[0].info_plist` does not exist (looked for dir/files/Info.plist)"]
        ),
        (
            header + "tap: a://b\nexpect: {lands: sideways}\n",
            ["test.yaml:5:17: error: `expect.lands` must be one of: app, browser, store, error, chooser, prompt, nowhere, unknown, crash; got `sideways`"]
        ),
        (
            header + "apps:\n  - {id: com.example.shop}\nactions:\n  - launch: com.example.shp\n",
            ["test.yaml:7:13: error: `actions[0].launch`: no app `com.example.shp` in `apps`; did you mean `com.example.shop`?"]
        ),
        (
            header + "tap: a://b\nfrom: chrome_address_bar\n",
            [
                "test.yaml:5:7: error: `from: chrome_address_bar` does not exist on iOS; choose one of: notes, messages, mail, safari, safari_address_bar, chrome, firefox, in_app_browser, sfsafariviewcontroller, webview, other_app, qr_code, simctl, push_notification, smart_app_banner"
            ]
        ),
        (
            header + "actions:\n  - wait: 1m\n    expect: {lands: app}\n",
            ["test.yaml:6:5: error: `wait` does not land anywhere, so it cannot have `expect`; put it on a tap, launch, answer or long_press"]
        ),
        (
            header + "actions:\n  - set: {device.oss: \"18\"}\n",
            [
                "test.yaml:5:11: error: unknown setting `device.oss`; did you mean `os`?; device settings: os, default_browser, developer_mode, private_relay, online, att, network, clipboard, managed, scheme_collision, att_answer_after"
            ]
        ),
        (
            header + "tap: a://b\nexpect: {lands: app, rule: ios.scheme.safari-promt}\n",
            [
                "test.yaml:5:28: error: `expect.rule`: no rule `ios.scheme.safari-promt` in the catalog; did you mean `ios.scheme.safari-prompt`? (see `linksim rules`)"
            ]
        ),
        (
            header + "tap: not a url\n",
            ["test.yaml:4:6: error: `tap` must be a URL with a scheme, such as https://shop.example.com/product/42 or shopapp://product/42; got `not a url`"]
        ),
        (
            "linksim: 1\nname: [x\n",
            ["test.yaml:3:1: error: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 2, column 7)"]
        ),
        (
            header + "apps:\n  - {id: a, sdk: {provider: branch, udl: true}}\ntap: a://b\n",
            ["test.yaml:5:37: error: unknown key `udl` in apps[0].sdk for provider branch (options: check_pasteboard_on_install, match_duration, match_type)"]
        ),
        (
            header + "name: again\ntap: a://b\n",
            ["test.yaml:4:1: error: key `name` appears more than once in the same mapping (first at line 2)"]
        ),
        (
            header + "apps:\n  - {id: a, domain_verification: {x.com: verifyed}}\ntap: a://b\n",
            [
                "test.yaml:5:42: error: `apps[0].domain_verification.x.com` must be one of: none, verified, approved, denied, migrated, restored, legacy_failure, system_configured, pre_verified, or a verifier code of 1024 or more such as 1026; got `verifyed`; did you mean `verified`?"
            ]
        ),
        (
            header + "web:\n  https://shop.example.com: {}\ntap: a://b\n",
            ["test.yaml:5:3: error: `https://shop.example.com` in `web` must be a host name such as shop.example.com (no scheme, port or path)"]
        ),
    ]

    @Test(arguments: 0..<ScenarioDecodingTests.broken.count)
    func brokenFileMessages(_ index: Int) {
        let (text, expected) = Self.broken[index]
        #expect(diagnostics(text) == expected)
    }

    @Test func reportsEveryProblemInOneRun() {
        let messages = diagnostics(
            """
            linksim: 1
            name: x
            device: {platform: android, os: "14"}
            apps:
              - {id: a, stat: installed, launch_mode: x}
            actions:
              - tap: a://b
                form: notes
              - answer: maybe
            """)
        #expect(messages.count == 4)
        #expect(messages.first?.hasPrefix("test.yaml:5:13: error: unknown key `stat` in apps[0]; did you mean `state`?") == true)
        #expect(messages.last?.contains("`actions[1].answer` must be one of: open, cancel") == true)
    }

    @Test func malformedPlistIsNamed() {
        let messages = diagnostics(
            Self.header + "apps:\n  - {id: a, info_plist: Info.plist}\ntap: a://b\n",
            files: ["dir/Info.plist": "<plist><dict><key>oops</dict>"])
        #expect(messages.count == 1)
        // The problem is located in the plist itself.
        #expect(
            messages[0]
                == "dir/Info.plist:1:23: error: malformed XML: end tag does not match the open element (the open element is <key> from line 1); expected </key>, found </dict>"
        )
    }

    @Test func emptyFile() {
        #expect(diagnostics("") == ["test.yaml:1:1: error: the file is empty; a scenario starts with `linksim: 1`"])
    }
}
