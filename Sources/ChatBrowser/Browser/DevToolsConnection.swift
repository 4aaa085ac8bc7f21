import ChatModel
import ChatOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Chrome DevTools protocol over `--remote-debugging-pipe`: JSON messages, each ended by a
/// NUL byte. Single-threaded: a call writes its command and reads messages until its reply comes,
/// keeping events that arrive meanwhile for ``waitForEvent(_:sessionID:timeout:)``.
package final class DevToolsConnection {
    /// Why a protocol exchange failed: the browser's own error, a timeout, or a lost connection.
    package enum Failure: Error {
        case protocolError(method: String, message: String)
        case timedOut(String)
        case closed
        case io(String)
    }

    private let socket: Int32
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no NUL: screenshots arrive as multi-megabyte
    /// messages, and rescanning from the start on every read would be quadratic.
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)
    private var nextID = 1
    private var events: [[String: Any]] = []

    init(socket: Int32) {
        self.socket = socket
    }

    /// Sends one command and returns its `result`, waiting at most `timeout` seconds.
    func call(
        _ method: String, _ params: [String: Any] = [:], sessionID: String? = nil,
        timeout: Double
    ) throws(Failure) -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let sessionID { message["sessionId"] = sessionID }
        try write(message)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let incoming = try readMessage(until: deadline, waitingFor: method)
            if let replyID = incoming["id"] as? Int {
                guard replyID == id else { continue }  // a reply to a command we gave up on
                if let error = incoming["error"] as? [String: Any] {
                    throw .protocolError(method: method, message: error["message"] as? String ?? "unknown error")
                }
                return incoming["result"] as? [String: Any] ?? [:]
            }
            events.append(incoming)
        }
    }

    /// Waits for an event (such as `Page.loadEventFired`) from one session, including one that
    /// already arrived while a command was waiting for its reply.
    func waitForEvent(_ method: String, sessionID: String?, timeout: Double) throws(Failure) -> [String: Any] {
        if let index = events.firstIndex(where: { matches($0, method, sessionID) }) {
            return events.remove(at: index)["params"] as? [String: Any] ?? [:]
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let incoming = try readMessage(until: deadline, waitingFor: method)
            if incoming["id"] != nil { continue }
            if matches(incoming, method, sessionID) { return incoming["params"] as? [String: Any] ?? [:] }
            events.append(incoming)
        }
    }

    /// Forgets the events kept so far for a session (before a navigation, say).
    func discardEvents(sessionID: String?) {
        events.removeAll { ($0["sessionId"] as? String) == sessionID }
    }

    private func matches(_ message: [String: Any], _ method: String, _ sessionID: String?) -> Bool {
        (message["method"] as? String) == method && (message["sessionId"] as? String) == sessionID
    }

    private func write(_ message: [String: Any]) throws(Failure) {
        guard var data = try? JSONSerialization.data(withJSONObject: message) else {
            throw .io("cannot encode a DevTools message")
        }
        data.append(0)
        var sent = 0
        let total = data.count
        while sent < total {
            let count = data.withUnsafeBytes { raw in
                send(socket, raw.baseAddress!.advanced(by: sent), total - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .closed }
                throw .io(String(cString: strerror(errno)))
            }
            sent += count
        }
    }

    /// Reads until one whole message is buffered; `waitingFor` names the thing awaited for the
    /// timeout message.
    private func readMessage(until deadline: Date, waitingFor what: String) throws(Failure) -> [String: Any] {
        while true {
            if let end = buffer[scanned...].firstIndex(of: 0) {
                let bytes = buffer[..<end]
                buffer.removeSubrange(...end)
                scanned = 0
                guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
                    let message = object as? [String: Any]
                else { continue }
                return message
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw .timedOut(what) }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000 + 1, 60_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .io(String(cString: strerror(errno)))
            }
            if ready == 0 { continue }
            scanned = buffer.count
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ECONNRESET { throw .closed }
                throw .io(String(cString: strerror(errno)))
            }
            if count == 0 { throw .closed }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
