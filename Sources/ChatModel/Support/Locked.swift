import Foundation

/// A value that several threads share, reached only inside ``withLock(_:)`` while its lock is
/// held. The one lock of chatrender: each hand-made wrapper (a class holding an `NSLock` beside
/// its values, marked `@unchecked Sendable` on trust) is a `Locked` value now, and
/// ArchitectureTests fails when another `NSLock`, `NSCondition` or pthread mutex appears.
///
/// A thread may also wait under it for the value to reach a state (``withLock(when:_:)``): any
/// ``withLock(_:)`` wakes the waiters to look again, and costs nothing extra when none wait.
package final class Locked<Value>: @unchecked Sendable {
    // The value is read and written only with `condition` locked, which is what makes the
    // unchecked conformance true.
    private let condition = NSCondition()
    private var value: Value
    /// Threads inside ``withLock(when:_:)`` waiting for the value to change.
    private var waiting = 0

    package init(_ value: Value) { self.value = value }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    @discardableResult
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        condition.lock()
        defer {
            if waiting > 0 { condition.broadcast() }
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready` holds for the value, then runs `body` on it; the lock is held from the
    /// check that succeeds to the end of `body`.
    @discardableResult
    package func withLock<Result, Failure: Error>(when ready: (Value) -> Bool, _ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        condition.lock()
        defer {
            if waiting > 0 { condition.broadcast() }
            condition.unlock()
        }
        while !ready(value) {
            waiting += 1
            condition.wait()
            waiting -= 1
        }
        return try body(&value)
    }
}
