import Foundation
import Testing
@testable import ChatModel

/// `Locked`, the one lock: every change is seen whole, a waiter goes on once the value is ready,
/// and a body's error reaches the caller with the lock given back.
@Suite struct LockedTests {
    @Test func manyThreadsCountingLoseNothing() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
        #expect(count.withLock { $0 } == 80_000)
    }

    @Test func aWaiterGoesOnOnceTheValueIsReady() {
        let stage = Locked(0)
        let finished = DispatchSemaphore(value: 0)
        let seen = Locked<[Int]>([])
        for wanted in [3, 1, 2] {
            Thread {
                stage.withLock(when: { $0 >= wanted }) { value in seen.withLock { $0.append(value) } }
                finished.signal()
            }.start()
        }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(seen.withLock { $0 }.isEmpty, "nobody goes on before the value is ready")
        for next in 1...3 {
            stage.withLock { $0 = next }
            #expect(finished.wait(timeout: .now() + 30) == .success)
        }
        #expect(seen.withLock { $0 } == [1, 2, 3])
    }

    @Test func aReadyValueDoesNotWait() {
        let flag = Locked(true)
        #expect(
            flag.withLock(when: { $0 }) {
                $0 = false; return 7
            } == 7)
        #expect(flag.withLock { $0 } == false)
    }

    struct Refused: Error, Equatable {}

    @Test func anErrorIsThrownAndTheLockGivenBack() {
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (held: inout Int) throws(Refused) in
                held = 2; throw Refused()
            }
        }
        // What the body changed before it threw stays; the lock is free again.
        #expect(value.withLock { $0 } == 2)
    }
}
