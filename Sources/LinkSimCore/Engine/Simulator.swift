/// Runs a scenario's actions in order against its world. Pure: same scenario, same result.
package enum Simulator {
    /// `detail: .verdicts` builds no trace text (see `TraceDetail`): the same landings, expectation
    /// results, assumptions and rule IDs (so `expect: rule:` still checks), for callers that show no trace.
    package static func run(_ scenario: Scenario, detail: TraceDetail = .full) -> ScenarioResult {
        var world = World(scenario)
        // The agent's first answers are written in the run's trace detail, as every later answer is.
        world.traceDetail = detail
        DomainVerificationTransitions.recordInitialAnswers(world: &world)
        var results: [ActionResult] = []
        results.reserveCapacity(scenario.actions.count)
        var notedOS: OSVersion?
        for (index, action) in scenario.actions.enumerated() {
            world.traceDetail = detail
            var trace = TraceRecorder(world.traceDetail)
            DomainVerificationTransitions.settle(world: &world, trace: &trace)
            // The first action on a version past the described releases says that the newest rules stand in for it.
            if world.device.os.isPastDescribedReleases, world.device.os != notedOS {
                notedOS = world.device.os
                let os = world.device.os
                let newest = OSVersion.newestDescribed(os.platform)
                trace.add(
                    os.platform.displayName,
                    "\(os.platform.displayName) \(os) is newer than the releases linksim's rules describe; it is simulated with the rules of \(os.platform.displayName) \(newest)",
                    rule: Rule.linksimOSPastDescribed,
                    assumption: "assumption: nothing changed after \(os.platform.displayName) \(newest) that these rules would need")
            }
            let before = WorldSnapshot(device: world.device, apps: world.apps, clock: world.clock)
            let landing = perform(action, world: &world, trace: &trace)
            let check = action.expect.map { ExpectationChecker.check($0, landing: landing, trace: trace.steps) }
            // Moved into the list (an argument built in the call was still copied whole, field by field).
            let result = ActionResult(
                index: index, action: action, landing: landing, trace: trace.steps, check: check, before: before,
                after: WorldSnapshot(device: world.device, apps: world.apps, clock: world.clock))
            results.append(consume result)
        }
        return ScenarioResult(scenario: scenario, results: results)
    }

    /// The scenario's world after its first `count` actions (0 = as written), as a scenario whose
    /// device and apps hold the state those actions left (`android app-links --after N`).
    package static func world(_ scenario: Scenario, after count: Int) -> Scenario {
        var world = World(scenario)
        DomainVerificationTransitions.recordInitialAnswers(world: &world)
        var trace = TraceRecorder()
        for action in scenario.actions.prefix(max(0, count)) {
            DomainVerificationTransitions.settle(world: &world, trace: &trace)
            _ = perform(action, world: &world, trace: &trace)
        }
        DomainVerificationTransitions.settle(world: &world, trace: &trace)
        var snapshot = scenario
        snapshot.device = world.device
        snapshot.apps = world.apps
        // The snapshot starts at a later clock: an app installed since the start keeps the start as its install time.
        for i in snapshot.apps.indices where snapshot.apps[i].installedAt == nil && snapshot.apps[i].state.isInstalled {
            snapshot.apps[i].installedAt = world.start
        }
        snapshot.clock = world.clock
        snapshot.actions = Array(scenario.actions.dropFirst(max(0, count)))
        return snapshot
    }

    /// Reads the action's kind in place (`Action.kind` lends it): a copy of the kind cost a retain and a
    /// release of each text it holds, for every action.
    private static func perform(_ action: Action, world: inout World, trace: inout TraceRecorder) -> Landing? {
        // A new action dismisses whatever prompt was on screen, unless it answers it. (Only an answer reads the
        // prompt: a copy of it for every action cost a copy and a release of the whole decision, issue #14.)
        if case .answer = action.kind {} else { world.pending = nil }

        switch action.kind {
        case .tap(let tap):
            let landing = LinkTap.perform(tap, world: &world, trace: &trace)
            return Offline.landing(landing, world: world, trace: &trace)

        case .longPress(let tap, let choice):
            let landing = LinkTap.longPress(tap, choice: choice, world: &world, trace: &trace)
            return Offline.landing(landing, world: world, trace: &trace)

        case .answer(let answer):
            let pending = world.pending
            world.pending = nil
            guard let pending else {
                trace.add("User", "Answers “\(answer)”, but nothing is waiting for an answer", rule: Rule.linksimAnswerNothingPending)
                return Landing(kind: .nowhere)
            }
            let landing = PendingAnswer.resolve(pending, answer: answer, world: &world, trace: &trace)
            return Offline.landing(landing, world: world, trace: &trace)

        case .wait(let duration):
            world.clock = world.clock + duration
            trace.add("Clock", "\(duration) pass; it is now \(world.clock)")
            return nil

        case .install(let appID, let source):
            guard let i = world.index(of: appID) else { return nil }
            if Offline.refusesStoreDownload(world.apps[i], update: false, source: source, world: world, trace: &trace) { return nil }
            if world.device.platform == .android,
                IntentFilterMatcher.tellInstallRefused(world.apps[i], api: world.device.os.apiLevel, trace: &trace)
            {
                return nil
            }
            let reinstall = world.apps[i].state.isInstalled
            world.deferred.noteInstall(appID, at: world.clock)
            world.apps[i].state = .installed
            world.apps[i].installOrder = world.nextInstallOrder
            world.nextInstallOrder += 1
            world.apps[i].installedAt = world.clock
            world.apps[i].associationCheckedAt = world.clock
            world.apps[i].associationCheckedWebVersion = world.webHistory.count - 1
            world.apps[i].launchCount = 0
            world.apps[i].currentScreen = nil
            world.apps[i].installSource = source
            let fresh = !reinstall
            defer {
                if fresh {
                    DomainVerificationTransitions.install(i, world: &world, trace: &trace)
                } else {
                    DomainVerificationTransitions.update(i, world: &world, trace: &trace)
                }
            }
            trace.add(
                world.device.platform.displayName,
                "\(reinstall ? "Reinstalls" : "Installs") \(world.apps[i].name) from \(source == .store ? (world.device.platform == .ios ? "the App Store" : "Google Play") : source.rawValue.replacingOccurrences(of: "_", with: " ")); it is installed but not launched"
            )
            UniversalLinkResolver.tellAssociationDownload(world.apps[i], update: false, device: world.device, trace: &trace)
            return nil

        case .uninstall(let appID):
            guard let i = world.index(of: appID) else { return nil }
            world.apps[i].state = .notInstalled
            world.apps[i].currentScreen = nil
            world.apps[i].installedAt = nil
            trace.add(world.device.platform.displayName, "Uninstalls \(world.apps[i].name)")
            DomainVerificationTransitions.uninstall(i, world: &world, trace: &trace)
            return nil

        case .update(let appID):
            guard let i = world.index(of: appID) else { return nil }
            guard world.apps[i].state.isInstalled else {
                // The store offers Install, not Update: nothing changes (before, the trace said it updated, and on
                // Android that the update kept the user state the uninstall had just deleted).
                trace.add(
                    world.device.platform.displayName,
                    "\(world.apps[i].name) is not installed, so there is nothing to update (the store offers Install); nothing changes")
                return nil
            }
            if Offline.refusesStoreDownload(world.apps[i], update: true, source: .store, world: world, trace: &trace) { return nil }
            if world.device.platform == .android,
                IntentFilterMatcher.tellInstallRefused(world.apps[i], api: world.device.os.apiLevel, trace: &trace)
            {
                return nil
            }
            if world.apps[i].state.isRunning { world.apps[i].state = .terminated }
            world.apps[i].associationCheckedAt = world.clock
            world.apps[i].associationCheckedWebVersion = world.webHistory.count - 1
            trace.add(world.device.platform.displayName, "Updates \(world.apps[i].name) from the store; a running process is terminated")
            UniversalLinkResolver.tellAssociationDownload(world.apps[i], update: true, device: world.device, trace: &trace)
            DomainVerificationTransitions.update(i, world: &world, trace: &trace)
            return nil

        case .launch(let appID):
            guard let i = world.index(of: appID) else { return nil }
            let app = world.apps[i]
            guard app.state.isInstalled else {
                AppDelivery.tellLaunch("User", "Looks for \(app.name) on the home screen, but it is not installed", trace: &trace)
                return Landing(kind: .nowhere)
            }
            // Apps with a deep-link SDK: the SDK's first-open (or later-launch) callbacks decide the screen.
            if let landing = FirstOpen.launch(i, world: &world, trace: &trace) { return landing }
            let cold = !app.state.isRunning
            let screen = cold ? app.homeScreen : (app.currentScreen ?? app.homeScreen)
            trace.add("User", "Taps the \(app.name) icon")
            AppDelivery.tellLaunch(
                world.device.platform.displayName,
                cold ? "Starts \(app.name) cold; it shows \(screen)" : "Brings \(app.name) forward; it shows \(screen)", trace: &trace)
            world.bringToForeground(i)
            if cold { world.apps[i].launchCount += 1 }
            if cold { AppNavigation.coldStart(i, world: &world) }  // issue #18: the start-up clock and back stack
            world.apps[i].currentScreen = screen
            return Landing(kind: .app, app: app.id, screen: screen, params: [:])

        case .serve(let changes):
            for change in changes {
                change.apply(to: &world.web)
                trace.add(
                    "server \(change.host)",
                    "From \(world.clock) on serves a new \(change.keys.joined(separator: ", ")); devices see it when they next fetch (install, update, re-check, re-verification)",
                    rule: Rule.linksimServerChange)
            }
            world.webHistory.append(WebVersion(since: world.clock, web: world.web, changedHosts: Set(changes.map(\.host))))
            return nil

        case .packageManager(let command):
            DomainVerificationTransitions.run(command, world: &world, trace: &trace)
            return nil

        case .clearDefaults(let target):
            let cleared = world.preferredActivities.filter { $0.value == target }.keys.sorted()
            for key in cleared { world.preferredActivities[key] = nil }
            let name = world.index(of: target).map { world.apps[$0].name } ?? Browser(rawValue: target)?.displayName ?? target
            trace.add(
                "User", "Settings › Apps › \(name) › Open by default › Clear defaults",
                rule: Rule.androidClearDefaults,
                detail: cleared.isEmpty
                    ? "No “Always” choice was stored for \(name)." : "Forgets the “Always” choice for \(cleared.joined(separator: ", ")) links.")
            return nil

        case .set(let assignments):
            for assignment in assignments {
                if case .success(let resolved) = Settings.resolve(assignment.path, apps: world.apps) {
                    _ = Settings.apply(resolved, value: assignment.value, device: &world.device, apps: &world.apps)
                    trace.add("Scenario", "Sets \(assignment.path) to \(assignment.value)")
                }
            }
            return nil
        }
    }
}

/// A tap or long-press on a link: narrates where it happened, then hands it to the rule set for its kind.
enum LinkTap {
    static func perform(_ tap: Tap, world: inout World, trace: inout TraceRecorder) -> Landing {
        if tap.from.isQATool, let parts = world.parts(of: tap.url), let landing = QATaps.perform(tap, parts: parts, world: &world, trace: &trace) {
            return landing
        }
        let surface = TapSurface.name(of: tap, world: world)
        let gesture = tap.gesture == .script ? " (a script navigates; no user gesture)" : ""
        let onPage = tap.page.map { " on \($0)" } ?? ""
        // iOS: a view with no page (`from: webview` or `sfsafariviewcontroller` without `page:`) is the app loading the URL
        // itself (rule ios.ul.programmatic-load); saying "the user taps" contradicted the step that decides it.
        let loaded = world.device.platform == .ios && tap.page == nil && (tap.from == .webview || tap.from == .sfsafariviewcontroller)
        let verb = tap.from.isAddressBar ? "The user types" : (tap.gesture == .script ? "A page script opens" : "The user taps")
        if loaded {
            trace.add(surface, "The app loads \(tap.url) into \(surface)\(gesture)")
        } else {
            trace.add(surface, "\(verb) \(tap.url)\(tap.from.isAddressBar ? " in the address bar" : onPage)\(gesture)")
        }
        // issue #18 item 5 (app side): an app that checks canOpenURL / resolveActivity before it opens the link.
        if let landing = AppOpensLink.checkFirst(tap, world: &world, trace: &trace) { return landing }
        guard let parts = world.parts(of: tap.url) else {
            trace.add(surface, "\(tap.url) is not a URL; nothing happens")
            return Landing(kind: .nowhere)
        }
        if tap.from == .qrCode, world.device.platform == .ios {
            trace.add("Camera", "Recognises the QR code and shows its URL in a banner; the user taps the banner", rule: Rule.iosQrCameraBanner)
        }
        return dispatch(tap, parts: parts, world: &world, trace: &trace)
    }

    /// Hands a tap to the rule set for its kind of link (after the surface narrated it).
    static func dispatch(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing {
        // Android compares schemes case-sensitively; an app's intent for HTTPS:// matches no web filter
        // (browsers canonicalise what is tapped in them, so this only affects app-to-app intents).
        if world.device.platform == .android, parts.isWeb, parts.scheme != parts.scheme.lowercasedIfNeeded, !tap.from.isBrowser {
            DataMatcher.tellSchemeCase(
                "Android",
                "The intent's scheme is \(parts.scheme), not \(parts.scheme.lowercased()): schemes compare case-sensitively, so no web filter matches it",
                trace: &trace)
            return CustomSchemeResolver.resolveAndroid(tap, parts: parts, world: &world, trace: &trace)
        }
        if parts.isWeb {
            if let landing = ProviderLinks.tap(tap, parts: parts, world: &world, trace: &trace) { return landing }
            if let landing = LandingPages.tap(tap, parts: parts, world: &world, trace: &trace) { return landing }
            if let landing = AppClips.tap(tap, parts: parts, world: &world, trace: &trace) { return landing }
            switch world.device.platform {
            case .ios: return UniversalLinkResolver.tap(tap, parts: parts, world: &world, trace: &trace)
            case .android: return AndroidWebResolver.tap(tap, parts: parts, world: &world, trace: &trace)
            }
        }
        if parts.scheme.lowercasedIfNeeded == "intent", world.device.platform == .android {
            if tap.from == .webview || tap.from == .inAppBrowser {
                return AndroidWebResolver.intentInWebView(tap, world: &world, trace: &trace)
            }
            return AndroidWebResolver.intentURL(tap.url, tap: tap, world: &world, trace: &trace)
        }
        switch world.device.platform {
        case .ios: return CustomSchemeResolver.resolveIOS(tap, parts: parts, world: &world, trace: &trace)
        case .android: return CustomSchemeResolver.resolveAndroid(tap, parts: parts, world: &world, trace: &trace)
        }
    }

    static func longPress(_ tap: Tap, choice: LongPressChoice, world: inout World, trace: inout TraceRecorder) -> Landing {
        let surface = TapSurface.name(of: tap, world: world)
        let host = world.parts(of: tap.url)?.normalizedHost ?? ""
        trace.add(surface, "The user long-presses \(tap.url) to choose “\(choice == .openInSafari ? "Open in Safari" : "Open in App")”")
        if let landing = UniversalLinkResolver.longPressWithoutUniversalLink(tap, choice: choice, surface: surface, world: world, trace: &trace) {
            return landing
        }
        UniversalLinkResolver.rememberBrowserPreference(choice, host: host, world: &world, trace: &trace)
        if choice == .openInSafari {
            return Landing(kind: .browser, via: .web, browser: .safari, url: tap.url)
        }
        return perform(tap, world: &world, trace: &trace)
    }
}

/// Answers to a prompt or chooser left by the previous action.
enum PendingAnswer {
    static func resolve(_ pending: PendingDecision, answer: Answer, world: inout World, trace: inout TraceRecorder) -> Landing {
        let platform = world.device.platform
        func stay(_ summary: String) -> Landing {
            trace.add("User", summary, rule: pending.cancelRule)
            if let browser = pending.stayBrowser {
                return Landing(kind: .browser, via: .web, browser: browser, url: pending.stayURL)
            }
            return Landing(kind: .nowhere)
        }
        func open(_ appID: String, detail: String) -> Landing {
            guard let index = world.index(of: appID) else { return Landing(kind: .nowhere) }
            trace.add("User", detail)
            var activity: Activity?
            var starter = AppDelivery.AndroidStarter.otherApp
            if platform == .android, world.parts(of: pending.url) != nil {
                activity =
                    AndroidHandlers.search(url: pending.url, world: world, caller: pending.tap.caller).handlers
                    .first { $0.appIndex == index }?.activity
                if [.chrome, .chromeAddressBar, .customTab, .firefox].contains(pending.tap.from) { starter = .browser }
            }
            let isWeb = world.parts(of: pending.url)?.isWeb == true
            let kind: AppDelivery.LinkKind = isWeb ? (platform == .android ? .appLink : .universalLink) : .customScheme
            return AppDelivery.open(
                index, url: pending.url, kind: kind, activity: activity, starter: starter,
                sdkRouting: pending.providerLink?.routing,
                world: &world, trace: &trace)
        }

        switch pending.kind {
        case .appConfirm:
            switch answer {
            case .open, .cancel: return AppNavigation.answerConfirm(pending, open: answer == .open, world: &world, trace: &trace)
            default:
                trace.add(
                    "User", "“\(answer)” is not an answer this dialog offers (Open or Cancel); the dialog is dismissed",
                    rule: Rule.linksimAnswerNothingPending)
                return Landing(kind: .nowhere)
            }
        case .pastePrompt(let firstLaunch):
            return FirstOpen.answerPastePrompt(pending, firstLaunch: firstLaunch, answer: answer, world: &world, trace: &trace)
        case .safariSchemePrompt, .appOpenPrompt, .chromeExternalPrompt:
            guard let target = pending.candidates.first else { return Landing(kind: .nowhere) }
            switch answer {
            case .open, .always, .justOnce, .pick(target):
                return open(target, detail: "Taps Open")
            case .cancel:
                return stay("Taps Cancel; the app does not open")
            default:
                trace.add(
                    "User", "“\(answer)” is not an answer this prompt offers (Open or Cancel); the prompt is dismissed",
                    rule: Rule.linksimAnswerNothingPending)
                return Landing(kind: .nowhere)
            }
        case .chooser:
            if answer == .cancel { return stay("Dismisses the chooser") }
            if case .pickAlways(let option) = answer, pending.candidates.contains(option) {
                world.preferredActivities[world.preferenceKey(pending.url)] = option
                if let browser = Browser(rawValue: option), world.index(of: option) == nil {
                    AndroidWebResolver.tellAlwaysBrowser(
                        "User",
                        "Picks \(browser.displayName) and taps “Always”: \(world.preferenceKey(pending.url)) links go to \(browser.displayName) from now on",
                        trace: &trace)
                    return Landing(kind: .browser, via: .web, browser: browser, url: pending.url)
                }
                trace.add(
                    "Android", "“Always” saves \(option) as the preferred activity for \(world.preferenceKey(pending.url)) links",
                    rule: pending.cancelRule)
                return open(option, detail: "Picks \(world.index(of: option).map { world.apps[$0].name } ?? option) and taps “Always”")
            }
            if case .pick(let option) = answer, pending.candidates.contains(option) {
                if let browser = Browser(rawValue: option), world.index(of: option) == nil {
                    trace.add("User", "Picks \(browser.displayName) in the chooser")
                    return Landing(kind: .browser, via: .web, browser: browser, url: pending.url)
                }
                return open(option, detail: "Picks \(world.index(of: option).map { world.apps[$0].name } ?? option) in the chooser (Just once)")
            }
            if answer == .justOnce || answer == .always, let first = pending.candidates.first {
                if answer == .always, platform == .android, world.index(of: first) != nil {
                    world.preferredActivities[world.preferenceKey(pending.url)] = first
                    trace.add(
                        "Android", "“Always” saves \(first) as the preferred activity for \(world.preferenceKey(pending.url)) links",
                        rule: pending.cancelRule)
                }
                return open(first, detail: "Picks the first option and taps \(answer == .always ? "Always" : "Just once")")
            }
            trace.add(
                "User", "“\(answer)” is not one of the chooser's options (\(pending.candidates.joined(separator: ", "))); the chooser is dismissed",
                rule: Rule.linksimAnswerNothingPending)
            return Landing(kind: .nowhere)
        }
    }
}
