import Foundation
import Synchronization

/// A served body (AASA or assetlinks.json) parsed at most once, so simulations look the documents up
/// instead of parsing them again on every tap.
///
/// Each reading is made the first time a simulation asks for it (issue #14: parsing every body when
/// the scenario was loaded was a twelfth of replay, and most bodies are only ever read one way, an
/// AASA file never as assetlinks.json). The readings are pure functions of the bytes, so when they
/// are made changes nothing a simulation shows; the cache is behind a lock, so copies of a world on
/// other threads share it safely.
final class ServedBody: Sendable {
    private let bytes: [UInt8]
    private let cache = Mutex(Cache())

    private struct Cache: Sendable {
        /// The AASA reading, kept as its two outcomes: a generic `Result` copied out of the cache on every
        /// tap cost some 2,500 instructions (its value witnesses), the plain document a retain per field.
        var aasaRead = false
        var aasaDocument: AASADocument?
        var aasaProblem: AASAParseError?
        var assetStatements: [AssetStatement]??
        /// The readings made ready, by app and iOS version: one or two per body, so found by comparing keys
        /// (hashing an application identifier and a version cost ~1,000 instructions a tap; issue #14).
        var prepared: [(appID: String, ios: OSVersion, reading: AASAMatcher.Prepared)] = []

        func prepared(appID: String, ios: OSVersion) -> AASAMatcher.Prepared? {
            for entry in prepared where entry.ios == ios && entry.appID == appID { return entry.reading }
            return nil
        }
    }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A body whose assetlinks.json reading is already known (linksim wrote the body from these statements).
    init(_ bytes: [UInt8], statements: [AssetStatement]) {
        self.bytes = bytes
        cache.withLock { $0.assetStatements = .some(statements) }
    }

    /// A body whose apple-app-site-association reading is already known (linksim wrote the body from it).
    init(_ bytes: [UInt8], aasa: AASADocument) {
        self.bytes = bytes
        cache.withLock {
            $0.aasaRead = true
            $0.aasaDocument = aasa
        }
    }

    /// The body read as an apple-app-site-association file.
    var aasa: Result<AASADocument, AASAParseError> {
        readAASA()
        return cache.withLock { cache in
            // Once read, exactly one of the two is set.
            if let problem = cache.aasaProblem { return .failure(problem) }
            return .success(cache.aasaDocument ?? AASADocument())
        }
    }

    /// Why the body is not an AASA file, nil when it is one (without copying the document out).
    var aasaProblem: AASAParseError? {
        readAASA()
        return cache.withLock { $0.aasaProblem }
    }

    /// Parses the body as an AASA file, the first time it is asked.
    private func readAASA() {
        if cache.withLock({ $0.aasaRead }) { return }
        let bytes = self.bytes
        let parsed = Result { () throws(AASAParseError) -> AASADocument in try AASADocument(root: try JSONNode.parse(bytes)) }
        cache.withLock {
            $0.aasaRead = true
            switch parsed {
            case .success(let document): $0.aasaDocument = document
            case .failure(let problem): $0.aasaProblem = problem
            }
        }
    }

    /// The AASA file made ready for `appID` on `ios` (`AASAMatcher.Prepared`), once per app and version: what
    /// every universal-link tap for that app asks; nil when the body is not a valid AASA file.
    func prepared(appID: String, ios: OSVersion) -> AASAMatcher.Prepared? {
        if let known = cache.withLock({ $0.prepared(appID: appID, ios: ios) }) { return known }
        guard case .success(let document) = aasa else { return nil }
        let made = AASAMatcher.Prepared(document: document, appID: appID, ios: ios)
        cache.withLock { cache in
            // Another thread may have made it meanwhile: keep the first, so every caller shares one reading.
            if cache.prepared(appID: appID, ios: ios) == nil { cache.prepared.append((appID, ios, made)) }
        }
        return made
    }

    /// The body read as assetlinks.json statements; nil when it is not a JSON array (the verifier's 1026).
    var assetStatements: [AssetStatement]? {
        if let known = cache.withLock({ $0.assetStatements }) { return known }
        let statements = AssetLinksVerifier.statements(bytes)
        cache.withLock { $0.assetStatements = .some(statements) }
        return statements
    }
}
