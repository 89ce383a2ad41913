import Foundation

/// Deferred deep-link services the scenario configures. Decoded and kept now; the deferred rules
/// give them meaning.
package struct Providers: Sendable, Equatable {
    package var appsflyer: AppsFlyerConfig?
    package var branch: BranchConfig?
    package var adjust: SimpleProviderConfig?
    package var firebase: SimpleProviderConfig?
    package init() {}
    package var isEmpty: Bool { appsflyer == nil && branch == nil && adjust == nil && firebase == nil }
}

package struct AppsFlyerShortLink: Sendable, Equatable {
    package var params: [String: String]
    package var expires: SimInstant?
    package init(params: [String: String], expires: SimInstant? = nil) {
        self.params = params
        self.expires = expires
    }
}

package struct AppsFlyerConfig: Sendable, Equatable {
    package var domain: String
    package var template: String?
    package var app: String?
    package var shortLinks: [String: AppsFlyerShortLink] = [:]
    package var options: [String: ScalarValue] = [:]
    package init(domain: String) { self.domain = domain }
}

package struct BranchLink: Sendable, Equatable {
    package var data: [String: String]
    package init(data: [String: String]) { self.data = data }
}

package struct BranchConfig: Sendable, Equatable {
    package var domain: String
    package var app: String?
    package var links: [String: BranchLink] = [:]
    package var options: [String: ScalarValue] = [:]
    package init(domain: String) { self.domain = domain }
}

package struct SimpleProviderConfig: Sendable, Equatable {
    package var domain: String
    package var app: String?
    package var options: [String: ScalarValue] = [:]
    package init(domain: String, app: String? = nil) {
        self.domain = domain
        self.app = app
    }
}
