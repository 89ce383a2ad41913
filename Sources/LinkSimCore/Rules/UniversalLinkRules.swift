/// iOS universal-link rules the foundation already needs (the long-press preference).
enum UniversalLinkRules {
    static let all: [Rule] = [
        Rule(id: "ios.ul.user-preference", title: "iOS remembers the user's browser-or-app choice per domain",
             versions: [.ios(9)],
             explanation: "iOS remembers the last choice a user made for a domain's universal links. Choosing the browser — through the breadcrumb or “example.com ›” button, or by long-pressing a link and picking “Open in Safari” — sends later taps on that domain to Safari. Long-press › “Open in <App>” (or OPEN in the Smart App Banner) undoes it. TN3155: the long-press choice in Notes “will set the default behavior”.",
             sources: [Sources.archive, Sources.tn3155]),
    ]
}
