/// A value kept in a shared box that a copy of its owner writes only after taking a box of its own
/// (copy on write, as an array's elements). `Scenario`, `App`, `WebHost`, `Device`, `Action`,
/// `Expectation`, `Landing`, `URLParts`, `ViewIntent` and `ActionResult` keep their fields this way: the engine copies them
/// freely, and copying every string and list field by field cost a retain and a release for each
/// (issue #14).
///
/// One allocation holds the object and the value. The value is not checked for exclusive access on
/// every read (`@exclusivity(unchecked)`): only the owner's accessors write it, after `makeUnique`, so
/// a box is never written while shared, and an owner is written from one thread at a time.
final class CopyOnWriteBox<Value: Sendable>: @unchecked Sendable {
    @exclusivity(unchecked) var fields: Value

    init(_ value: Value) { fields = value }

    /// Gives `box` a box of its own (a copy of the value) when another owner shares it.
    static func makeUnique(_ box: inout CopyOnWriteBox<Value>) {
        if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.fields) }
    }
}

extension CopyOnWriteBox where Value: Equatable {
    /// The same box, or boxes holding equal values.
    static func same(_ lhs: CopyOnWriteBox<Value>, _ rhs: CopyOnWriteBox<Value>) -> Bool {
        lhs === rhs || lhs.fields == rhs.fields
    }
}
