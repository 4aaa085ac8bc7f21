import Foundation

/// Work cut into chunks that run on all cores, each chunk's result kept in its own slot.
///
/// Each worker writes only its own slot and the slots are read after every worker has finished,
/// so the results come back in chunk order, the same whatever the number of cores.
package enum ParallelChunks {
    /// The cores this process may use, read once: Foundation reads the cgroup's CPU quota and
    /// cpuset files on every `activeProcessorCount`, and a render asks at every stage.
    package static let cores = ProcessInfo.processInfo.activeProcessorCount

    package static func map<Result>(_ count: Int, placeholder: Result, _ body: @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots(count: count, placeholder: placeholder)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { chunk in slots.base[chunk] = body(chunk) }
        return Array(UnsafeBufferPointer(start: slots.base, count: count))
    }

    /// Runs `body` for every chunk on all cores and hands each result to `deliver` in chunk order
    /// as soon as it and every chunk before it are done, while later chunks are still running.
    ///
    /// `deliver` is called from whichever worker completed the run, one call at a time (never two
    /// at once), and every result has been delivered when this returns. So a page can be written
    /// while it is being rendered, and each chunk's buffer is freed (and reused by the next chunk)
    /// as soon as it is written.
    package static func forEachInOrder<Result>(_ count: Int, _ body: @Sendable (Int) -> Result, deliver: @Sendable (Result) -> Void) {
        let order = OrderedDelivery<Result>(count: count)
        defer { order.free() }
        DispatchQueue.concurrentPerform(iterations: count) { chunk in
            order.complete(chunk, with: body(chunk), deliver: deliver)
        }
    }

    /// One slot per chunk (or item), each written by one worker only and read after all are done.
    package struct Slots<Element>: @unchecked Sendable {
        package let base: UnsafeMutablePointer<Element>
        let count: Int
        package init(count: Int, placeholder: Element) {
            base = .allocate(capacity: count)
            base.initialize(repeating: placeholder, count: count)
            self.count = count
        }
        package func free() {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Finished results waiting for the ones before them. `lock` guards `ready`, `next` and
    /// `delivering`; a slot is written by its worker before it is marked ready and read by the one
    /// delivering thread after, so the lock orders both.
    private final class OrderedDelivery<Result>: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<Result?>
        private var ready: [Bool]
        private var next = 0
        private var delivering = false
        private let lock = NSLock()
        private let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
            ready = Array(repeating: false, count: count)
        }

        func free() {
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        func complete(_ chunk: Int, with result: Result, deliver: (Result) -> Void) {
            slots[chunk] = result
            lock.lock()
            ready[chunk] = true
            // Someone is delivering already: they see this chunk before they stop.
            if delivering { lock.unlock(); return }
            delivering = true
            while next < count, ready[next] {
                let index = next
                next += 1
                lock.unlock()
                if let value = slots[index].take() { deliver(value) }
                lock.lock()
            }
            delivering = false
            lock.unlock()
        }
    }
}

/// Work started on another thread now, its result (or error) taken later with ``value()``.
package final class InBackground<Value: Sendable>: @unchecked Sendable {
    // Written once by the worker before it signals `done`; read only after waiting on it.
    private var result: Result<Value, DiagnosticError>?
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () throws(DiagnosticError) -> Value) {
        // Its own thread, not a global queue: a caller that renders from a queue's worker and
        // waits here must not wait for a worker of that same, possibly full, pool.
        let thread = Thread { [self] in
            do throws(DiagnosticError) {
                result = .success(try work())
            } catch {
                result = .failure(error)
            }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the work to finish; its value, or the error it threw.
    package func value() throws(DiagnosticError) -> Value {
        done.wait()
        done.signal()  // so a second call does not wait forever
        return try result!.get()
    }
}
