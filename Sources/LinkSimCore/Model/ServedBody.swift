import Foundation

/// A served body (AASA or assetlinks.json) parsed once, when the resource is made or its body is
/// replaced, so simulations look the documents up instead of parsing them again on every tap.
/// Immutable after init, so sharing it between copies of a world keeps the core pure.
final class ServedBody: Sendable {
    /// The body read as an apple-app-site-association file.
    let aasa: Result<AASADocument, AASAParseError>
    /// The body read as assetlinks.json statements; nil when it is not a JSON array (the verifier's 1026).
    let assetStatements: [AssetStatement]?

    init(_ bytes: [UInt8]) {
        switch Result(catching: { () throws(AASAParseError) -> JSONNode in try JSONNode.parse(bytes) }) {
        case .success(let root):
            aasa = Result { () throws(AASAParseError) -> AASADocument in try AASADocument(root: root) }
            assetStatements = root.elements != nil ? AssetLinksVerifier.statements(bytes) : nil
        case .failure(let error):
            aasa = .failure(error)
            assetStatements = nil
        }
    }
}
