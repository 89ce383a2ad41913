/// An app on the device, as a scenario declares it and the engine changes it.
///
/// Its fields live in one shared box that is copied only when a copy of the app is changed (copy on
/// write, as an array's elements): the engine copies apps freely (out of the world's list, into
/// results and snapshots), and copying three dozen strings and arrays field by field cost a retain and
/// a release for each, a large share of a simulation (issue #14). Reads and writes look as they did.
package struct App: Sendable, Equatable, CustomReflectable {
    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>
    private var runtime: CopyOnWriteBox<Runtime>

    package init(id: String, name: String? = nil, state: AppState = .background) {
        storage = CopyOnWriteBox(Fields(id: id, name: name ?? id))
        runtime = CopyOnWriteBox(Runtime(state: state))
    }

    package static func == (lhs: App, rhs: App) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage) && CopyOnWriteBox.same(lhs.runtime, rhs.runtime)
    }

    /// The fields, as a struct's own and in the order they were declared in before the run's fields had a
    /// box of their own (what test digests and debuggers read).
    package var customMirror: Mirror {
        var children = Array(
            Mirror(reflecting: storage.fields).children.filter { $0.label != "associatedDomainEntries" && $0.label != "applicationID" })
        for child in Mirror(reflecting: runtime.fields).children {
            guard let label = child.label, let after = Self.mirrorPlace[label],
                let index = children.firstIndex(where: { $0.label == after })
            else { continue }
            children.insert(child, at: index + 1)
        }
        return Mirror(self, children: children, displayStyle: .struct)
    }

    /// Where each run field goes in the mirror: after this field.
    private static let mirrorPlace: [String: String] = [
        "state": "name", "currentScreen": "homeScreen", "navigationStack": "behaviour", "navigationReadyAt": "navigationStack",
        "screenStateCleared": "navigationReadyAt", "installOrder": "screenStateCleared", "installedAt": "installOrder",
        "associationCheckedAt": "installedAt", "launchCount": "associationCheckedAt", "verificationRecords": "installSource",
        "verificationDueAt": "verificationRecords",
    ]

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    private mutating func makeRuntimeUnique() { CopyOnWriteBox.makeUnique(&runtime) }

    /// The manifest package (Android), which is the app id.
    package var package: String { id }

    /// What the engine derives from `id`, `manifestPackage`, `activities` and `targetSDK`, made when first
    /// asked; replaced by an empty box whenever one of them changes (Model/ManifestCache.swift).
    var manifestCache: ManifestCache { storage.fields.manifestCache }

    struct Fields: Sendable, Equatable {
        var id: String
        var name: String
        // iOS
        var teamID: String?
        /// `TEAMID.bundle`, the application identifier an AASA file lists: derived from `teamID` and `id` by
        /// their setters (not part of the app as written), so a universal-link check does not build it.
        var applicationID: String?
        var urlSchemes: [String] = []
        var associatedDomains: [String] = []
        /// Derived from `associatedDomains` by its setter (not part of the app as written).
        var associatedDomainEntries: [AppLinksEntry] = []
        var lifecycle: IOSLifecycle = .scenes
        var build: IOSBuild = .appStore
        /// The iOS SDK the app was built with (`ios_sdk: "27.0"`); nil = an SDK older than the device's rules care about.
        var iosSDK: OSVersion?
        var infoPlistPath: String?
        var entitlementsPath: String?
        // Android
        var manifestPath: String?
        /// The manifest's `package`: the namespace relative class names (`.MainActivity`) expand with.
        /// Separate from `id`, the application ID (Gradle `applicationId`) that assetlinks.json and `pm`
        /// name; nil when the app has no real manifest (relative names then expand with `id`).
        var manifestPackage: String?
        var activities: [Activity] = []
        var targetSDK: Int = 34
        /// What the engine derives from `id`, `manifestPackage`, `activities` and `targetSDK`, made when first
        /// asked; replaced by an empty box whenever one of them changes (Model/ManifestCache.swift).
        var manifestCache: ManifestCache = ManifestCache()
        var signingSHA256: [String] = []
        var linkHandlingAllowed: Bool = true
        var userSelectedDomains: [String] = []
        /// host -> state name (`verified`, `none`, a verifier code...). Kept as text; the Android rules interpret it.
        var domainVerification: [String: DomainVerificationState] = [:]
        // both
        /// Entry points the app implements; nil = the usual ones for its life cycle.
        var handles: [EntryPoint]?
        var routes: [Route] = []
        var homeScreen: String = "Home"
        var sdk: SDKConfig = SDKConfig()
        /// Readiness, screen state, back stack, framework and unknown-route policy (Model/AppBehaviour.swift).
        var behaviour: AppBehaviour = AppBehaviour()
        var installSource: InstallSource = .store
    }

    /// What the engine changes as the app runs (state, screen, launches, install and verification times):
    /// a box of its own, so a run's writes copy these few fields, not the app as the scenario wrote it.
    struct Runtime: Sendable, Equatable {
        var state: AppState
        var currentScreen: String?
        /// The app's navigation stack, bottom first, once a link was routed with a `back_stack` policy. Set by the engine.
        var navigationStack: [String]?
        /// When navigation is ready after the last cold start (`startup.ready_after`). Set by the engine.
        var navigationReadyAt: SimInstant?
        /// The `screen_state` was dismissed by an earlier link. Set by the engine.
        var screenStateCleared: Bool = false
        /// Monotonic install order on the device (lower = installed earlier). Set by the engine.
        var installOrder: Int = 0
        /// The simulated time the app was (last) installed, when known.
        var installedAt: SimInstant?
        /// iOS: when the device last (re)fetched the app's association files (install, update).
        var associationCheckedAt: SimInstant?
        /// iOS: the web version (index in the world's `webHistory`) current when that fetch was made, so a `serve`
        /// later in the same instant is not seen by it. nil for an app installed before the scenario began (version 0).
        var associationCheckedWebVersion: Int?
        /// How many times the app has been launched since install.
        var launchCount: Int = 0
        /// Android: the verification agent's answers, recorded when it ran (host → answer). Set by the engine.
        var verificationRecords: [String: VerificationRecord] = [:]
        /// Android: when the agent's pending run (after an install, an update, `pm verify-app-links`) answers.
        var verificationDueAt: SimInstant?
    }
}

// The fields, each read from the box and written into a box of this app's own.
extension App {
    package var id: String {
        get { storage.fields.id }
        _modify {
            makeUnique()
            defer {
                storage.fields.manifestCache = ManifestCache()
                storage.fields.applicationID = Self.applicationID(team: storage.fields.teamID, id: storage.fields.id)
            }
            yield &storage.fields.id
        }
    }

    /// `TEAMID.bundle`; nil without a team ID.
    private static func applicationID(team: String?, id: String) -> String? { team.map { "\($0).\(id)" } }

    /// The application identifier (`TEAMID.bundle`), nil without a team ID.
    package var applicationID: String? { storage.fields.applicationID }
    package var name: String {
        get { storage.fields.name }
        _modify {
            makeUnique()
            yield &storage.fields.name
        }
    }
    package var state: AppState {
        get { runtime.fields.state }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.state
        }
    }
    // iOS
    package var teamID: String? {
        get { storage.fields.teamID }
        _modify {
            makeUnique()
            defer { storage.fields.applicationID = Self.applicationID(team: storage.fields.teamID, id: storage.fields.id) }
            yield &storage.fields.teamID
        }
    }
    package var urlSchemes: [String] {
        get { storage.fields.urlSchemes }
        _modify {
            makeUnique()
            yield &storage.fields.urlSchemes
        }
    }
    package var associatedDomains: [String] {
        get { storage.fields.associatedDomains }
        _modify {
            makeUnique()
            defer {
                storage.fields.associatedDomainEntries = storage.fields.associatedDomains.compactMap(AppLinksEntry.init)
            }
            yield &storage.fields.associatedDomains
        }
    }
    /// `associatedDomains` read as entitlement entries (the `applinks:` ones), kept in step with it: a
    /// universal link asks for them for every app on every tap.
    var associatedDomainEntries: [AppLinksEntry] { storage.fields.associatedDomainEntries }
    package var lifecycle: IOSLifecycle {
        get { storage.fields.lifecycle }
        _modify {
            makeUnique()
            yield &storage.fields.lifecycle
        }
    }
    package var build: IOSBuild {
        get { storage.fields.build }
        _modify {
            makeUnique()
            yield &storage.fields.build
        }
    }
    /// The iOS SDK the app was built with (`ios_sdk: "27.0"`); nil = an SDK older than the device's rules care about.
    package var iosSDK: OSVersion? {
        get { storage.fields.iosSDK }
        _modify {
            makeUnique()
            yield &storage.fields.iosSDK
        }
    }
    package var infoPlistPath: String? {
        get { storage.fields.infoPlistPath }
        _modify {
            makeUnique()
            yield &storage.fields.infoPlistPath
        }
    }
    package var entitlementsPath: String? {
        get { storage.fields.entitlementsPath }
        _modify {
            makeUnique()
            yield &storage.fields.entitlementsPath
        }
    }
    // Android
    package var manifestPath: String? {
        get { storage.fields.manifestPath }
        _modify {
            makeUnique()
            yield &storage.fields.manifestPath
        }
    }
    /// The manifest's `package`: the namespace relative class names (`.MainActivity`) expand with.
    /// Separate from `id`, the application ID (Gradle `applicationId`) that assetlinks.json and `pm`
    /// name; nil when the app has no real manifest (relative names then expand with `id`).
    package var manifestPackage: String? {
        get { storage.fields.manifestPackage }
        _modify {
            makeUnique()
            defer { storage.fields.manifestCache = ManifestCache() }
            yield &storage.fields.manifestPackage
        }
    }
    package var activities: [Activity] {
        get { storage.fields.activities }
        _modify {
            makeUnique()
            defer { storage.fields.manifestCache = ManifestCache() }
            yield &storage.fields.activities
        }
    }
    package var targetSDK: Int {
        get { storage.fields.targetSDK }
        _modify {
            makeUnique()
            defer { storage.fields.manifestCache = ManifestCache() }
            yield &storage.fields.targetSDK
        }
    }
    package var signingSHA256: [String] {
        get { storage.fields.signingSHA256 }
        _modify {
            makeUnique()
            yield &storage.fields.signingSHA256
        }
    }
    package var linkHandlingAllowed: Bool {
        get { storage.fields.linkHandlingAllowed }
        _modify {
            makeUnique()
            yield &storage.fields.linkHandlingAllowed
        }
    }
    package var userSelectedDomains: [String] {
        get { storage.fields.userSelectedDomains }
        _modify {
            makeUnique()
            yield &storage.fields.userSelectedDomains
        }
    }
    /// host -> state name (`verified`, `none`, a verifier code...). Kept as text; the Android rules interpret it.
    package var domainVerification: [String: DomainVerificationState] {
        get { storage.fields.domainVerification }
        _modify {
            makeUnique()
            yield &storage.fields.domainVerification
        }
    }
    // both
    /// Entry points the app implements; nil = the usual ones for its life cycle.
    package var handles: [EntryPoint]? {
        get { storage.fields.handles }
        _modify {
            makeUnique()
            yield &storage.fields.handles
        }
    }
    package var routes: [Route] {
        get { storage.fields.routes }
        _modify {
            makeUnique()
            defer { storage.fields.manifestCache = ManifestCache() }
            yield &storage.fields.routes
        }
    }
    package var homeScreen: String {
        get { storage.fields.homeScreen }
        _modify {
            makeUnique()
            defer { storage.fields.manifestCache = ManifestCache() }
            yield &storage.fields.homeScreen
        }
    }
    package var currentScreen: String? {
        get { runtime.fields.currentScreen }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.currentScreen
        }
    }
    package var sdk: SDKConfig {
        get { storage.fields.sdk }
        _modify {
            makeUnique()
            yield &storage.fields.sdk
        }
    }
    /// Readiness, screen state, back stack, framework and unknown-route policy (Model/AppBehaviour.swift).
    package var behaviour: AppBehaviour {
        get { storage.fields.behaviour }
        _modify {
            makeUnique()
            yield &storage.fields.behaviour
        }
    }
    /// The app's navigation stack, bottom first, once a link was routed with a `back_stack` policy. Set by the engine.
    package var navigationStack: [String]? {
        get { runtime.fields.navigationStack }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.navigationStack
        }
    }
    /// When navigation is ready after the last cold start (`startup.ready_after`). Set by the engine.
    package var navigationReadyAt: SimInstant? {
        get { runtime.fields.navigationReadyAt }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.navigationReadyAt
        }
    }
    /// The `screen_state` was dismissed by an earlier link. Set by the engine.
    package var screenStateCleared: Bool {
        get { runtime.fields.screenStateCleared }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.screenStateCleared
        }
    }
    /// Monotonic install order on the device (lower = installed earlier). Set by the engine.
    package var installOrder: Int {
        get { runtime.fields.installOrder }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.installOrder
        }
    }
    /// The simulated time the app was (last) installed, when known.
    package var installedAt: SimInstant? {
        get { runtime.fields.installedAt }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.installedAt
        }
    }
    /// iOS: when the device last (re)fetched the app's association files (install, update).
    package var associationCheckedAt: SimInstant? {
        get { runtime.fields.associationCheckedAt }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.associationCheckedAt
        }
    }
    /// iOS: the web version current when the device last fetched the association files (see `Runtime`).
    package var associationCheckedWebVersion: Int? {
        get { runtime.fields.associationCheckedWebVersion }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.associationCheckedWebVersion
        }
    }
    /// How many times the app has been launched since install.
    package var launchCount: Int {
        get { runtime.fields.launchCount }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.launchCount
        }
    }
    package var installSource: InstallSource {
        get { storage.fields.installSource }
        _modify {
            makeUnique()
            yield &storage.fields.installSource
        }
    }
    /// Android: the verification agent's answers, recorded when it ran (host → answer). Set by the engine.
    var verificationRecords: [String: VerificationRecord] {
        get { runtime.fields.verificationRecords }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.verificationRecords
        }
    }
    /// Android: when the agent's pending run (after an install, an update, `pm verify-app-links`) answers.
    var verificationDueAt: SimInstant? {
        get { runtime.fields.verificationDueAt }
        _modify {
            makeRuntimeUnique()
            yield &runtime.fields.verificationDueAt
        }
    }
}
