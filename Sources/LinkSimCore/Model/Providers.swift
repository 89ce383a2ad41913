import Foundation

/// Deferred deep-link services the scenario configures. Decoded and kept now; the deferred rules
/// give them meaning.
public struct Providers: Sendable, Equatable {
    public var appsflyer: AppsFlyerConfig?
    public var branch: BranchConfig?
    public var adjust: SimpleProviderConfig?
    public var firebase: SimpleProviderConfig?
    public init() {}
    public var isEmpty: Bool { appsflyer == nil && branch == nil && adjust == nil && firebase == nil }
}

public struct AppsFlyerShortLink: Sendable, Equatable {
    public var params: [String: String]
    public var expires: SimInstant?
    public init(params: [String: String], expires: SimInstant? = nil) {
        self.params = params
        self.expires = expires
    }
}

public struct AppsFlyerConfig: Sendable, Equatable {
    public var domain: String
    public var template: String?
    public var app: String?
    public var shortLinks: [String: AppsFlyerShortLink] = [:]
    public var options: [String: ScalarValue] = [:]
    public init(domain: String) { self.domain = domain }
}

public struct BranchLink: Sendable, Equatable {
    public var data: [String: String]
    public init(data: [String: String]) { self.data = data }
}

public struct BranchConfig: Sendable, Equatable {
    public var domain: String
    public var app: String?
    public var links: [String: BranchLink] = [:]
    public var options: [String: ScalarValue] = [:]
    public init(domain: String) { self.domain = domain }
}

public struct SimpleProviderConfig: Sendable, Equatable {
    public var domain: String
    public var app: String?
    public var options: [String: ScalarValue] = [:]
    public init(domain: String, app: String? = nil) {
        self.domain = domain
        self.app = app
    }
}
