import Foundation

/// Work cut into chunks that run on all cores, each chunk's result kept in its own slot.
///
/// Each worker writes only its own slot and the slots are read after every worker has finished,
/// so the results come back in chunk order, the same whatever the number of cores.
package enum ParallelChunks {
    /// The cores this process may use, read once: Foundation reads the cgroup's CPU quota and
    /// cpuset files on every `activeProcessorCount`, and a render asks at every stage.
    package static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// The most chunks ``forEachInOrderOnCaller(_:ahead:_:deliver:)`` has started and not yet
    /// delivered, unless told otherwise: four a core keep every core busy while `deliver` runs.
    package static let deliveredAhead = cores * 4

    package static func map<Result>(_ count: Int, placeholder: Result, _ body: @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots(count: count, placeholder: placeholder)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { chunk in slots.base[chunk] = body(chunk) }
        return Array(UnsafeBufferPointer(start: slots.base, count: count))
    }

    /// ``map(_:placeholder:_:)`` beside work of the caller's own: the other cores start on the
    /// chunks at once while the caller runs `alongside`, then the caller takes the chunks nobody
    /// has started. For work that must stay on one thread and in order (it hands out ids) and
    /// needs nothing the chunks make: it no longer waits for them, nor they for it.
    package static func map<Result>(_ count: Int, placeholder: Result, _ body: @Sendable (Int) -> Result, alongside: () -> Void) -> [Result] {
        let slots = Slots(count: count, placeholder: placeholder)
        defer { slots.free() }
        let claims = Claims(count: count)
        let helpers = min(cores - 1, count)
        withoutActuallyEscaping(body) { body in
            let group = DispatchGroup()
            for _ in 0..<helpers {
                DispatchQueue.global(qos: .userInitiated).async(group: group) {
                    while let chunk = claims.next() { slots.base[chunk] = body(chunk) }
                }
            }
            alongside()
            while let chunk = claims.next() { slots.base[chunk] = body(chunk) }
            group.wait()
        }
        return Array(UnsafeBufferPointer(start: slots.base, count: count))
    }

    /// Chunk numbers handed out once each, in order, to whichever thread asks.
    private final class Claims: Sendable {
        private let claimed = Locked(0)
        private let count: Int
        init(count: Int) { self.count = count }
        func next() -> Int? {
            claimed.withLock { claimed in
                guard claimed < count else { return nil }
                claimed += 1
                return claimed - 1
            }
        }
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

    /// Runs `body` for every chunk on all cores and hands each result to `deliver` ON THE CALLING
    /// THREAD, in chunk order, while later chunks are still running.
    ///
    /// Unlike ``forEachInOrder(_:_:deliver:)``, `deliver` may keep state of the caller's (it runs
    /// on the caller's stack, one chunk after another). The caller does not idle while the next
    /// chunk is being worked on: it takes a chunk nobody has started and runs it itself, so a
    /// slow `deliver` and a fast `body` (or the reverse) keep every core busy. Returns when every
    /// result has been delivered and no worker runs `body` any more.
    ///
    /// `ahead` is the most chunks started and not yet delivered (``deliveredAhead`` unless
    /// given; nil for no bound): a `body` that makes much more than it reads (parsed JSON from a
    /// log, a page's turns) then never piles up far ahead of a slower `deliver`. Without it, a
    /// `deliver` that stalls (a write waiting for a busy disk) let the other cores render a long
    /// session's page ahead until most of it was held at once.
    package static func forEachInOrderOnCaller<Result>(
        _ count: Int, ahead: Int? = deliveredAhead, _ body: @Sendable (Int) -> Result, deliver: (Result) -> Void
    ) {
        guard count > 0 else { return }
        let helpers = min(cores - 1, count - 1)
        guard helpers > 0 else {
            for chunk in 0..<count { deliver(body(chunk)) }
            return
        }
        let pipeline = Pipeline<Result>(count: count)
        defer { pipeline.free() }
        // One permit a chunk started, given back when it is delivered.
        let permits = ahead.map { DispatchSemaphore(value: max(helpers + 1, $0)) }
        withoutActuallyEscaping(body) { body in
            let group = DispatchGroup()
            for _ in 0..<helpers {
                DispatchQueue.global(qos: .userInitiated).async(group: group) {
                    while true {
                        permits?.wait()
                        guard let chunk = pipeline.claim() else {
                            permits?.signal()
                            break
                        }
                        pipeline.finish(chunk, with: body(chunk))
                    }
                }
            }
            for chunk in 0..<count {
                while true {
                    if let result = pipeline.take(chunk) {
                        deliver(result)
                        permits?.signal()
                        break
                    }
                    // The caller starts a chunk of its own only with a permit to spare (there is
                    // always one while its own chunk is not started: every permit is then back).
                    if permits == nil || permits!.wait(timeout: .now()) == .success {
                        if let other = pipeline.claim() {
                            pipeline.finish(other, with: body(other))
                            continue
                        }
                        permits?.signal()
                    }
                    pipeline.wait(for: chunk)
                }
            }
            // Every chunk is done; the helpers are at most leaving their loops.
            group.wait()
        }
    }

    /// Chunks handed out in order to whoever asks first (``Claims``), their results kept until
    /// taken. A slot is written before it is marked `ready` and read after, so the lock on
    /// `ready` orders both.
    private final class Pipeline<Result>: @unchecked Sendable {
        private let slots: Slots<Result?>
        private let ready: Locked<[Bool]>
        private let claims: Claims

        init(count: Int) {
            slots = Slots(count: count, placeholder: nil)
            ready = Locked(Array(repeating: false, count: count))
            claims = Claims(count: count)
        }

        func free() { slots.free() }

        /// The next chunk nobody has started, or nil when all have been.
        func claim() -> Int? { claims.next() }

        func finish(_ chunk: Int, with result: Result) {
            slots.base[chunk] = result
            ready.withLock { $0[chunk] = true }
        }

        /// The chunk's result when it is done (once), else nil.
        func take(_ chunk: Int) -> Result? {
            let done = ready.withLock { $0[chunk] }
            return done ? slots.base[chunk].take() : nil
        }

        func wait(for chunk: Int) {
            ready.withLock(when: { $0[chunk] }) { _ in }
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

    /// Finished results waiting for the ones before them. A slot is written by its worker before
    /// it is marked ready and read by the one delivering thread after, so the lock on `state`
    /// orders both.
    private final class OrderedDelivery<Result>: @unchecked Sendable {
        private struct State {
            var ready: [Bool]
            var next = 0
            var delivering = false

            /// The next chunk to deliver if it is ready (the deliverer keeps going), else nil
            /// (and nobody is delivering any more).
            mutating func takeNext() -> Int? {
                if next < ready.count, ready[next] {
                    next += 1
                    return next - 1
                }
                delivering = false
                return nil
            }
        }
        private let slots: Slots<Result?>
        private let state: Locked<State>

        init(count: Int) {
            slots = Slots(count: count, placeholder: nil)
            state = Locked(State(ready: Array(repeating: false, count: count)))
        }

        func free() { slots.free() }

        func complete(_ chunk: Int, with result: Result, deliver: (Result) -> Void) {
            slots.base[chunk] = result
            var index = state.withLock { state -> Int? in
                state.ready[chunk] = true
                // Someone is delivering already: they see this chunk before they stop.
                if state.delivering { return nil }
                state.delivering = true
                return state.takeNext()
            }
            while let ready = index {
                if let value = slots.base[ready].take() { deliver(value) }
                index = state.withLock { $0.takeNext() }
            }
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

/// Frees what a render is done with (a session's parsed lines, an import's model) later, on
/// another thread. A command that ends first leaves it to the system, which takes a process's
/// memory back at once, rather than spend a core taking the trees apart while the page is still
/// being made; a caller that lives on has it freed a moment later.
package enum LaterRelease {
    /// How long after being handed over the work runs.
    package static let delay: DispatchTimeInterval = .seconds(2)

    package static func run(_ release: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay, execute: release)
    }
}
