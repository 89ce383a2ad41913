import Testing

@testable import LinkSimCore

/// A link provider's hosted assetlinks.json comes with its statements already read (linksim wrote the
/// text from them): reading the text must give the same statements, for every hosted file the library
/// makes and for apps whose ids and fingerprints need escaping.
@Suite struct ProviderHostingTests {
    static func hostedFiles(_ scenario: Scenario) -> [(host: String, resource: WebResource)] {
        let world = World(scenario)
        return world.providerHosted.sorted().compactMap { host in world.web[host]?.assetlinks.map { (host, $0) } }
    }

    @Test func theStatementsAreWhatReadingTheTextGives() throws {
        var files = 0
        for path in YAMLFrontEndTests.library {
            guard let scenario = try? ScenarioLoader.load(path: path), scenario.device.platform == .android else { continue }
            var variants = [scenario]
            // The same scenario with ids and fingerprints that JSON must escape.
            var odd = scenario
            for index in odd.apps.indices {
                odd.apps[index].id += ".q\"u\\o\u{E9}"
                odd.apps[index].signingSHA256 = ["AB:CD", "line\nbreak", "\u{202E}rtl"]
            }
            variants.append(odd)
            for variant in variants {
                for (host, resource) in Self.hostedFiles(variant) {
                    let body = try #require(resource.body)
                    let written = try #require(resource.parsed?.assetStatements, "\(path) \(host)")
                    #expect(AssetLinksVerifier.statements(body) == written, "\(path) \(host)")
                    #expect(ServedBody(body).assetStatements == written, "\(path) \(host)")
                    files += 1
                }
            }
        }
        #expect(files >= 4, "provider-hosted files were made (\(files))")
    }

    /// The same for iOS: the apple-app-site-association file a provider serves for its domain (written
    /// per tap) comes with its reading, which must be what parsing the text gives.
    @Test func theAASADocumentIsWhatReadingTheTextGives() throws {
        var files = 0
        for path in YAMLFrontEndTests.library {
            guard let scenario = try? ScenarioLoader.load(path: path), scenario.device.platform == .ios else { continue }
            var odd = scenario
            for index in odd.apps.indices {
                odd.apps[index].id += ".q\"u\\o\u{E9}"
                odd.apps[index].teamID = "T\"EAM\n"
            }
            for variant in [scenario, odd] {
                let hosts = Set(
                    variant.apps.flatMap(\.associatedDomains).compactMap { AppLinksEntry($0)?.domain }
                        .filter { ProviderLinks.recognise(host: $0, providers: variant.providers) != nil })
                for host in hosts.sorted() {
                    let resource = try #require(ProviderHosting.aasaHost(host, apps: variant.apps).aasa)
                    let body = try #require(resource.body)
                    let written = try #require(try resource.parsed?.aasa.get(), "\(path) \(host)")
                    #expect(try AASADocument(root: try JSONNode.parse(body)) == written, "\(path) \(host)")
                    #expect(try ServedBody(body).aasa.get() == written, "\(path) \(host)")
                    #expect(!written.details[0].appIDs.isEmpty, "\(path) \(host)")
                    files += 1
                }
            }
        }
        #expect(files >= 4, "provider-hosted files were made (\(files))")
    }
}
