import Testing

@testable import LinkSimCore

/// Issue #14, second pass: a prepared AASA file reused for many URLs, and `evaluate` explaining only
/// the filters its caller shows, give the same verdicts as the explaining paths.
@Suite struct SpeedFastPathTests {
    @Test func preparedAASAReusedForManyURLsAgreesWithTheExplainingPath() {
        var random = SeededRandom(seed: 14_002)
        let versions = ["9.0", "13.0", "13.5", "14.0", "17.4"].compactMap { OSVersion.parse($0, platform: .ios) }
        var matched = 0
        for _ in 0..<1_000 {
            let document = AASAFastPathPropertyTests.document(&random)
            let ios = random.pick(versions)
            let appID = random.pick(["T.app", "T.other"])
            let prepared = AASAMatcher.Prepared(document: document, appID: appID, ios: ios)
            for _ in 0..<10 {
                let url = AASAFastPathPropertyTests.url(&random)
                let domain: String? = random.chance(30) ? "shop.example.com" : nil
                let explained = AASAMatcher.match(url: url, appID: appID, document: document, ios: ios, domain: domain)
                let fast = prepared.verdict(url: url, domain: domain)
                if fast.result == .match { matched += 1 }
                #expect(fast == AASAVerdict(explained), "url \(url) app \(appID) iOS \(ios) document \(document)")
            }
        }
        #expect(matched > 300)
    }

    /// Without trace text a universal-link verdict reads the matcher's facts (`MatchRun.classifyFacts`) instead of
    /// an explained `AASAMatch`: the same verdict and deciding entry, and steps with the same actors, rules and
    /// assumptions (and no text), over generated files, URLs, apps and iOS versions.
    @Test func aasaVerdictWithoutTextGivesTheExplainedStepsRulesAndAssumptions() {
        var random = SeededRandom(seed: 14_005)
        let versions = ["9.0", "12.0", "13.0", "13.5", "14.0", "17.4"].compactMap { OSVersion.parse($0, platform: .ios) }
        var matched = 0
        var assumptions = 0
        for _ in 0..<1_000 {
            let document = AASAFastPathPropertyTests.document(&random)
            let ios = random.pick(versions)
            let appID = random.pick(["T.app", "T.other"])
            let prepared = AASAMatcher.Prepared(document: document, appID: appID, ios: ios)
            for _ in 0..<5 {
                let url = AASAFastPathPropertyTests.url(&random)
                let domain: String? = random.chance(30) ? "shop.example.com" : nil
                var explained = TraceRecorder(.full)
                var lean = TraceRecorder(.verdicts)
                let a = AASAVerdicts.match(url: url, prepared: prepared, domain: domain, explain: true, trace: &explained)
                let b = AASAVerdicts.match(url: url, prepared: prepared, domain: domain, explain: false, trace: &lean)
                let context = "url \(url) app \(appID) iOS \(ios) document \(document)"
                #expect(a.verdict == b.verdict && a.detail == b.detail, "\(context)")
                #expect(explained.steps.map(\.actor) == lean.steps.map(\.actor), "\(context)")
                #expect(explained.steps.map(\.rule) == lean.steps.map(\.rule), "\(context)")
                #expect(explained.steps.map(\.assumption) == lean.steps.map(\.assumption), "\(context)")
                #expect(lean.steps.allSatisfy { $0.summary.isEmpty && $0.detail == nil })
                if a.verdict == .match { matched += 1 }
                assumptions += lean.steps.filter { $0.assumption != nil }.count
            }
        }
        #expect(matched > 300 && assumptions > 100, "matched \(matched), assumptions \(assumptions)")
    }

    /// A prepared file keeps its answers without trace text (`Prepared.quietAnswer`): asked again and again in
    /// random order, each kept answer is the answer made anew, and the explaining path still agrees with it.
    @Test func keptAASAAnswersAreTheAnswersMadeAnew() {
        var random = SeededRandom(seed: 14_006)
        let versions = ["9.0", "13.0", "14.0", "17.4"].compactMap { OSVersion.parse($0, platform: .ios) }
        var asked = 0
        var matched = 0
        for _ in 0..<200 {
            let document = AASAFastPathPropertyTests.document(&random)
            let prepared = AASAMatcher.Prepared(document: document, appID: random.pick(["T.app", "T.other"]), ios: random.pick(versions))
            let urls = (0..<4).map { _ in AASAFastPathPropertyTests.url(&random) }
            for _ in 0..<12 {
                let url = random.pick(urls)
                let domain: String? = random.chance(50) ? "shop.example.com" : nil
                var explained = TraceRecorder(.full)
                var lean = TraceRecorder(.verdicts)
                let a = AASAVerdicts.match(url: url, prepared: prepared, domain: domain, explain: true, trace: &explained)
                let b = AASAVerdicts.match(url: url, prepared: prepared, domain: domain, explain: false, trace: &lean)
                let anew = AASAVerdicts.quietAnswer(url: url, domain: domain, prepared: prepared)
                let context = "url \(url) domain \(domain ?? "-") document \(document)"
                #expect(lean.steps == anew.steps, "\(context)")
                #expect(b.detail == anew.detail && a.verdict == b.verdict && a.detail == b.detail, "\(context)")
                #expect(explained.steps.map(\.rule) == lean.steps.map(\.rule), "\(context)")
                #expect(explained.steps.map(\.assumption) == lean.steps.map(\.assumption), "\(context)")
                asked += 1
                if b.verdict == .match { matched += 1 }
            }
            // Four links, each asked with and without a domain: at most eight answers kept.
            #expect(prepared.keptQuietAnswers <= 8)
        }
        #expect(asked == 2_400 && matched > 100, "matched \(matched)")
        // Past the limit, answers are made anew and not kept.
        let prepared = AASAMatcher.Prepared(document: AASAFastPathPropertyTests.document(&random), appID: "T.app", ios: versions[3])
        for number in 0..<(2 * ScenarioCache.urlLimit) {
            var lean = TraceRecorder(.verdicts)
            _ = AASAVerdicts.match(url: "https://shop.example.com/p/\(number)", prepared: prepared, domain: nil, explain: false, trace: &lean)
        }
        #expect(prepared.keptQuietAnswers == ScenarioCache.urlLimit)
    }

    /// The router's outcomes kept with an app (`ManifestCache.route`) are `AppRouter.route`'s, and writing the
    /// app's routes or home screen gives it a new box: the next simulation routes by the new routes.
    @Test func keptRoutesFollowTheAppsRoutes() throws {
        let text = """
            linksim: 1
            name: kept routes
            device: {platform: ios, os: "17.4"}
            apps:
              - id: com.example.shop
                state: background
                url_schemes: [shopapp]
                routes: [{url: "shopapp://product/{id:digits}", screen: ProductDetail}, {url: "shopapp://product/{slug}", screen: BySlug}]
            tap: shopapp://product/42
            expect: {lands: app, screen: ProductDetail}
            """
        var scenario = try loadScenario(text)
        for _ in 0..<3 {
            let result = Simulator.run(scenario, detail: .verdicts)
            #expect(result.results.first?.landing?.screen == "ProductDetail")
        }
        let app = scenario.apps[0]
        #expect(app.manifestCache.keptRouteURLs == ["shopapp://product/42"])
        for url in ["shopapp://product/42", "shopapp://product/red", "shopapp://other", "shopapp://product/"] {
            for webLink in [false, true] {
                let kept = app.manifestCache.route(url, webLink: webLink) { AppRouter.route(url, in: app, webLink: webLink) }
                #expect(kept == AppRouter.route(url, in: app, webLink: webLink), "\(url)")
            }
        }
        // A new first route: the scenario's next simulation routes by it, not by the kept outcome.
        scenario.apps[0].routes.insert(Route(pattern: .url("shopapp://product/{n}"), screen: "New"), at: 0)
        #expect(scenario.apps[0].manifestCache.keptRouteURLs.isEmpty)
        #expect(Simulator.run(scenario, detail: .verdicts).results.first?.landing?.screen == "New")
        // A new home screen, for a link no route takes.
        scenario.actions = try loadScenario(text.replacingOccurrences(of: "shopapp://product/42", with: "shopapp://nowhere")).actions
        #expect(Simulator.run(scenario, detail: .verdicts).results.first?.landing?.screen == "Home")
        scenario.apps[0].homeScreen = "Start"
        #expect(Simulator.run(scenario, detail: .verdicts).results.first?.landing?.screen == "Start")
    }

    /// The apps installed at the start are a list beside the installs made during the simulation: an app's
    /// latest install is its last install during the simulation, else its install at the start, and a
    /// reinstall remembers whichever came before.
    @Test func lastInstallReadsInstallsDuringTheSimulationBeforeThoseAtTheStart() throws {
        let start = SimInstant.defaultStart
        var state = DeferredState()
        state.initialInstalls = [.init(appID: "a", at: start), .init(appID: "b", at: start + .hours(1))]
        #expect(state.lastInstall(of: "a") == start && state.lastInstall(of: "b") == start + .hours(1))
        #expect(state.lastInstall(of: "c") == nil)
        state.noteInstall("a", at: start + .days(2))
        #expect(state.lastInstall(of: "a") == start + .days(2) && state.previousInstall["a"] == start)
        state.noteInstall("a", at: start + .days(3))
        #expect(state.lastInstall(of: "a") == start + .days(3) && state.previousInstall["a"] == start + .days(2))
        state.noteInstall("c", at: start + .days(4))
        #expect(state.lastInstall(of: "c") == start + .days(4) && state.previousInstall["c"] == nil)
        // The world's list: the installed apps at the start, with their own install time or the scenario's clock.
        let scenario = try loadScenario(
            """
            linksim: 1
            name: initial installs
            device: {platform: ios, os: "17.4"}
            apps:
              - {id: com.example.shop, name: Shop, state: background}
              - {id: com.example.other, name: Other, state: not_installed}
            actions:
              - wait: 1s
            """)
        let world = World(scenario)
        #expect(world.deferred.initialInstalls == [.init(appID: "com.example.shop", at: scenario.clock)])
        // The world does not write the start into an app's install time (that copied every app); it reads as the start.
        #expect(world.apps[0].installedAt == nil && World.installTime(of: world.apps[0], start: world.start) == scenario.clock)
        #expect(World.installTime(of: world.apps[1], start: world.start) == nil)
        // A world after some actions starts at a later clock, and keeps the start as the install time.
        let after = Simulator.world(scenario, after: 1)
        #expect(after.clock == scenario.clock + SimDuration(seconds: 1))
        #expect(after.apps[0].installedAt == scenario.clock && after.apps[1].installedAt == nil)
    }

    @Test func aasaURLParsesOnBytesAsBefore() {
        #expect(
            AASAURL.parse("https://u:p@Host.com:80/p?q#f")
                == AASAURL(scheme: "https", host: "Host.com", path: "/p", query: "q", fragment: "f"))
        #expect(AASAURL.parse("https://[::1]:8443/x")?.host == "[::1]")
        #expect(AASAURL.parse("https://[::1]/x")?.host == "[::1]")
        #expect(AASAURL.parse("https://h#a?b") == AASAURL(scheme: "https", host: "h", path: "", query: nil, fragment: "a?b"))
        #expect(
            AASAURL.parse("HTTPS://h/é?ü=1")
                == AASAURL(scheme: "https", host: "h", path: "/é", query: "ü=1", fragment: nil))
        #expect(AASAURL.parse("a+b-c.d://h")?.scheme == "a+b-c.d")
        for bad in [
            "1ttp://h", "ht tp://h", ":x", "https:/h", "https://@/", "https://:80/", "https", "https:", "https:/",
            "https://h\u{7F}", "x_y://h", "",
        ] {
            #expect(AASAURL.parse(bad) == nil, "\(bad)")
        }
    }

    static func manifest(_ random: inout SeededRandom) -> AndroidManifest {
        var activities: [Activity] = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            var filters: [IntentFilter] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                var data = IntentFilterData(
                    scheme: random.pick(["https", "http", "myapp", "HTTPS"]),
                    host: random.chance(80) ? random.pick(["shop.example.com", "*.example.com", "other.example"]) : nil)
                if random.chance(50) { data.pathPrefix = random.pick(["/product", "/help", "/"]) }
                filters.append(
                    IntentFilter(
                        autoVerify: random.chance(50), actions: random.chance(90) ? [IntentFilter.actionView] : [],
                        categories: [IntentFilter.categoryBrowsable] + (random.chance(80) ? [IntentFilter.categoryDefault] : []),
                        data: [data]))
            }
            activities.append(
                Activity(
                    name: ".A\(index)", exported: random.chance(15) ? false : (random.chance(80) ? true : nil),
                    intentFilters: filters, enabled: random.chance(90)))
        }
        return AndroidManifest(package: "com.example.shop", targetSDK: random.pick([30, 33, nil]), activities: activities)
    }

    /// Two installed Android apps in the background (their manifests are for the test to write), on Android 14.
    static func twoAndroidApps(named name: String) throws -> Scenario {
        try loadScenario(
            """
            linksim: 1
            name: \(name)
            device: {platform: android, os: "14"}
            apps:
              - {id: com.example.shop, name: Shop, state: background}
              - {id: com.example.other, name: Other, state: background}
            tap: https://shop.example.com/product/1
            """)
    }

    /// A link of each kind the two apps' filters are written for (or `other`), and who starts it: nobody
    /// (a tap) or one of the two apps.
    static func linkAndCaller(_ random: inout SeededRandom, or other: String) -> (url: String, caller: String?) {
        let url = random.pick([
            "https://shop.example.com/product/1", "myapp://shop/x", "https://www.example.com/help", "http://other.example/", other,
        ])
        return (url, random.pick([nil, "com.example.shop", "com.example.other"] as [String?]))
    }

    /// Android 11 (API 30: an implicit export is allowed), 12 (31) and 14 (34).
    static let androidVersions = ["11", "12", "14"].compactMap { OSVersion.parse($0, platform: .android) }

    /// `AndroidHandlers.search` of `url` in a new world of `scenario` with trace detail `detail`: its answer and steps.
    static func search(
        _ url: String, in scenario: Scenario, detail: TraceDetail, caller: String?
    ) -> (found: (handlers: [CustomSchemeResolver.Handler], unknown: [String]), steps: [TraceStep]) {
        var world = World(scenario)
        world.traceDetail = detail
        var trace = TraceRecorder(detail)
        let found = AndroidHandlers.search(url: url, world: world, caller: caller, trace: &trace)
        return (found, trace.steps)
    }

    /// The same handlers: apps, filters and activities, in order.
    static func expectSameHandlers(_ a: [CustomSchemeResolver.Handler], _ b: [CustomSchemeResolver.Handler], _ context: String) {
        #expect(a.map(\.appIndex) == b.map(\.appIndex), "\(context)")
        #expect(a.map(\.filterIndex) == b.map(\.filterIndex), "\(context)")
        #expect(a.map(\.activity) == b.map(\.activity), "\(context)")
    }

    /// Without trace text, `AndroidHandlers.search` walks each app's filters itself (no report): the same
    /// handlers, and steps with the same actors and rules, as the report path gives with trace text. Over
    /// generated manifests: exported true, false or implicit; disabled activities; target API 30 to 34 on
    /// Android 11 to 14 (so some apps do not install); merged filters; a link from the app itself.
    @Test func leanHandlerSearchGivesTheReportPathsHandlersAndSteps() throws {
        var random = SeededRandom(seed: 14_004)
        let base = try Self.twoAndroidApps(named: "lean handler search")
        let versions = Self.androidVersions
        var handlers = 0
        var blocked = 0
        var steps = 0
        for _ in 0..<800 {
            var scenario = base
            scenario.device.os = random.pick(versions)
            for index in scenario.apps.indices {
                var activities = Self.manifest(&random).activities
                for a in activities.indices {
                    for f in activities[a].intentFilters.indices where random.chance(20) {
                        activities[a].intentFilters[f].source = "library.aar"
                    }
                }
                scenario.apps[index].activities = activities
                scenario.apps[index].targetSDK = random.pick([30, 31, 34])
            }
            let (url, caller) = Self.linkAndCaller(&random, or: "https://nowhere.test/product")
            let (a, explainedTrace) = Self.search(url, in: scenario, detail: .full, caller: caller)
            let (b, leanTrace) = Self.search(url, in: scenario, detail: .verdicts, caller: caller)
            let context = "url \(url) caller \(caller ?? "-") apps \(scenario.apps.map(\.activities))"
            Self.expectSameHandlers(a.handlers, b.handlers, context)
            #expect(a.unknown == b.unknown)
            #expect(explainedTrace.map(\.actor) == leanTrace.map(\.actor), "\(context)")
            #expect(explainedTrace.map(\.rule) == leanTrace.map(\.rule), "\(context)")
            #expect(leanTrace.allSatisfy { $0.summary.isEmpty && $0.detail == nil })
            handlers += a.handlers.count
            steps += leanTrace.count
            if leanTrace.contains(where: { $0.rule == Rule.androidFilterExportedExplicitRequired.id }) { blocked += 1 }
        }
        #expect(handlers > 200 && blocked > 20 && steps > 2_000, "handlers \(handlers), blocked \(blocked), steps \(steps)")
    }

    /// The lean search's answers kept with each manifest (`ManifestCache.handlerAnswer`) are the answers a box
    /// that never saw the link gives: asked again and again in random order (API levels, links, callers) and
    /// past the box's limit, every answer equals one made anew, and the box keeps at most its limit.
    @Test func keptHandlerAnswersAreTheAnswersMadeAnew() throws {
        var random = SeededRandom(seed: 14_005)
        var scenario = try Self.twoAndroidApps(named: "kept handler answers")
        let versions = Self.androidVersions
        var handlers = 0
        var steps = 0
        for round in 0..<600 {
            // New manifests every 40 asks: the API level decides more for some (an implicit export) than others.
            if round % 40 == 0 {
                for index in scenario.apps.indices {
                    scenario.apps[index].activities = Self.manifest(&random).activities
                    scenario.apps[index].targetSDK = random.pick([30, 31, 34])
                }
            }
            var kept = scenario
            kept.device.os = random.pick(versions)
            // The same values with boxes of their own: writing a manifest field gives an app a new, empty box.
            var fresh = kept
            for index in fresh.apps.indices { fresh.apps[index].activities = fresh.apps[index].activities }
            let (url, caller) = Self.linkAndCaller(&random, or: "https://shop.example.com/product/\(random.below(100))")
            let (a, keptTrace) = Self.search(url, in: kept, detail: .verdicts, caller: caller)
            let (b, freshTrace) = Self.search(url, in: fresh, detail: .verdicts, caller: caller)
            let context = "url \(url) caller \(caller ?? "-") os \(kept.device.os)"
            Self.expectSameHandlers(a.handlers, b.handlers, context)
            #expect(keptTrace == freshTrace, "\(context)")
            handlers += a.handlers.count
            steps += keptTrace.count
        }
        #expect(handlers > 100 && steps > 1_000, "handlers \(handlers), steps \(steps)")
        // A box keeps its first answers up to the limit, and no more (new boxes, asked for one API level and caller).
        for index in scenario.apps.indices { scenario.apps[index].activities = scenario.apps[index].activities }
        var world = World(scenario)
        world.traceDetail = .verdicts
        for number in 0..<(2 * ScenarioCache.urlLimit) {
            var trace = TraceRecorder(.verdicts)
            _ = AndroidHandlers.search(url: "https://shop.example.com/p/\(number)", world: world, caller: nil, trace: &trace)
        }
        for app in world.apps {
            let urls = app.manifestCache.keptHandlerAnswerURLs
            #expect(urls.count == ScenarioCache.urlLimit, "\(app.id) keeps \(urls.count) answers")
            #expect(Set(urls).count == urls.count)
        }
    }

    @Test func evaluateExplainsOnlyWhatTheCallerShowsAndKeepsEveryVerdict() {
        var random = SeededRandom(seed: 14_003)
        var matches = 0
        var skipped = 0
        for _ in 0..<600 {
            let manifest = Self.manifest(&random)
            let url = random.pick([
                "https://shop.example.com/product/1", "myapp://shop/x", "https://www.example.com/help",
                "http://other.example/", "https://nowhere.test/product",
            ])
            let api = random.pick([30, 33, 35])
            let full = IntentFilterMatcher.evaluate(manifest, packageName: "com.example.shop", url: url, api: api)
            let explainEven = random.chance(50)
            let lean = IntentFilterMatcher.evaluate(
                manifest, packageName: "com.example.shop", url: url, api: api,
                explainMismatch: { $0.autoVerify == explainEven })
            #expect(lean.evaluations.count == full.evaluations.count)
            #expect(lean.packageSteps == full.packageSteps)
            #expect(lean.installBlocked == full.installBlocked)
            for (a, b) in zip(lean.evaluations, full.evaluations) {
                #expect(a.isMatch == b.isMatch && a.outcome.result == b.outcome.result, "url \(url) manifest \(manifest)")
                let filter = manifest.activities[b.activityIndex].intentFilters[b.filter]
                if b.outcome.isMatch || filter.autoVerify == explainEven {
                    #expect(a == b, "explained in full when it matches or the caller asks")
                } else {
                    #expect(a.steps.isEmpty && a.why.isEmpty)
                    skipped += 1
                }
                if b.isMatch { matches += 1 }
            }
        }
        #expect(matches > 100)
        #expect(skipped > 100)
    }
}
