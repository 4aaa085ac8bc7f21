import Foundation

/// Work cut into chunks that run on all cores, each chunk's result kept in its own slot.
///
/// Each worker writes only its own slot and the slots are read after every worker has finished,
/// so the results come back in chunk order, the same whatever the number of cores.
enum ParallelChunks {
    static func map<Result>(_ count: Int, placeholder: Result, _ body: @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots(count: count, placeholder: placeholder)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { chunk in slots.base[chunk] = body(chunk) }
        return Array(UnsafeBufferPointer(start: slots.base, count: count))
    }

    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        let count: Int
        init(count: Int, placeholder: Element) {
            base = .allocate(capacity: count)
            base.initialize(repeating: placeholder, count: count)
            self.count = count
        }
        func free() {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }
}
