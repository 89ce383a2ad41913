/// Answers a cache box keeps per link: a pure function's value for a URL and whatever else it depends on
/// (`Qualifier`: an API level, a kind of link, a domain), up to `limit` of them, first come first kept.
///
/// Lists, not a dictionary: hashing a URL cost ~500 instructions a question, and a box meets a handful of
/// links, mostly the very strings a scenario holds (equal storage answers at once); texts of another length
/// are passed over without comparing them. The keys live apart from the values, so a scan copies no value
/// (a list of whole entries copied each value it read a key from; issue #14). Not thread-safe: its boxes
/// keep it behind their lock.
struct KeptAnswers<Qualifier: Equatable & Sendable, Value: Sendable>: Sendable {
    private var keys: [(url: String, qualifier: Qualifier)] = []
    private var values: [Value] = []
    let limit: Int

    init(limit: Int = ScenarioCache.urlLimit) { self.limit = limit }

    /// The value kept for `url` and `qualifier`, if any.
    func value(for url: String, _ qualifier: Qualifier) -> Value? {
        index(of: url, qualifier).map { values[$0] }
    }

    /// Keeps `value` unless the list is full or already holds the key (another thread may have kept it first).
    mutating func keep(_ value: Value, for url: String, _ qualifier: Qualifier) {
        guard keys.count < limit, index(of: url, qualifier) == nil else { return }
        keys.append((url, qualifier))
        values.append(value)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// The links kept, in the order kept (tests).
    var urls: [String] { keys.map(\.url) }

    private func index(of url: String, _ qualifier: Qualifier) -> Int? {
        let count = url.utf8.count
        return keys.firstIndex { $0.qualifier == qualifier && $0.url.utf8.count == count && $0.url == url }
    }
}

/// The qualifier of an answer that depends on the link alone.
struct LinkAlone: Equatable, Sendable {}
