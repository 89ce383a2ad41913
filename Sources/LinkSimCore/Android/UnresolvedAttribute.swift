/// A value in a real manifest that linksim could not resolve: a Gradle placeholder (`${host}`)
/// with no `--define`, or a resource reference (`@string/host`) with no `--res` entry for it.
///
/// On an attribute that takes part in link matching it makes the filter *unknown* for the links
/// it could match (see `UnknownFilters`); elsewhere it is only a warning.
package struct UnresolvedAttribute: Sendable, Equatable, Hashable {
    /// Where it sits: `data` (with `dataIndex`), `filter` (action, category, autoVerify),
    /// `activity` (exported, enabled) or `relative-group`.
    package enum Scope: String, Sendable, Hashable, CaseIterable {
        case data, filter, activity
        case relativeGroup = "relative-group"
    }
    package var scope: Scope
    /// The attribute's local name (`host`, `pathPrefix`, `exported`, `action`...).
    package var attribute: String
    /// The index of the `<data>` element within the filter, for `.data`.
    package var dataIndex: Int?
    /// As written in the file.
    package var value: String
    /// `file:line:column`.
    package var location: String
    /// Why it could not be resolved (which placeholder or resource is missing).
    package var reason: String

    package init(scope: Scope, attribute: String, dataIndex: Int? = nil, value: String, location: String, reason: String) {
        self.scope = scope
        self.attribute = attribute
        self.dataIndex = dataIndex
        self.value = value
        self.location = location
        self.reason = reason
    }

    /// `android:host="${deepLinkHost}" (AndroidManifest.xml:12:19)`.
    package var description: String { "android:\(attribute)=\"\(value)\" (\(location))" }
}
