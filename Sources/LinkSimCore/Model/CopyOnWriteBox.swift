/// A value kept in a shared box that a copy of its owner writes only after taking a box of its own
/// (copy on write, as an array's elements). `App` and `WebHost` keep their fields this way: the engine
/// copies them freely, and copying every string and list field by field cost a retain and a release
/// for each (issue #14).
///
/// The value is read and written through a pointer: a class's stored property would be checked for
/// exclusive access on every read. Only the owner's accessors write it, after `makeUnique`, so a box
/// is never written while shared.
final class CopyOnWriteBox<Value: Sendable>: @unchecked Sendable {
    let fields: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        fields = .allocate(capacity: 1)
        fields.initialize(to: value)
    }

    deinit {
        fields.deinitialize(count: 1)
        fields.deallocate()
    }

    /// Gives `box` a box of its own (a copy of the value) when another owner shares it.
    static func makeUnique(_ box: inout CopyOnWriteBox<Value>) {
        if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.fields.pointee) }
    }
}

extension CopyOnWriteBox where Value: Equatable {
    /// The same box, or boxes holding equal values.
    static func same(_ lhs: CopyOnWriteBox<Value>, _ rhs: CopyOnWriteBox<Value>) -> Bool {
        lhs === rhs || lhs.fields.pointee == rhs.fields.pointee
    }
}
