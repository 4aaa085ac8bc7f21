import Dispatch
import Foundation
import ChatRender

/// Ctrl-C (SIGINT) and SIGTERM for a command that runs until stopped (`--watch`): taken as a
/// request to stop, which the command checks between its rounds, so a round in progress
/// finishes and nothing is left half-written. The signals' usual handling is back afterwards.
enum StopSignal {
    /// Calls `body` with a function that says whether a stop was asked for.
    static func run<Result>(_ body: (_ shouldStop: @escaping () -> Bool) -> Result) -> Result {
        let stop = Locked(false)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.withLock { $0 = true } }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        return body { stop.withLock { $0 } }
    }
}
