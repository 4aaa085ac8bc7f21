import Foundation
import ChatRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the running executable really is, links resolved: an installed `PREFIX/bin/chatrender`
/// may be a link from elsewhere on PATH, and the bundled data sits beside the real file.
enum ExecutableLocation {
    /// The executable's real path, or nil when the system does not say.
    static func current() -> String? {
        #if os(Linux)
        // The kernel's own answer, already free of links; absent only without /proc.
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return SourcePath.realPath(path) ?? path
        }
        #elseif os(macOS)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        if _NSGetExecutablePath(&buffer, &size) == 0 {
            let path = String(cString: buffer)
            return SourcePath.realPath(path) ?? path
        }
        #endif
        return Bundle.main.executablePath.flatMap { SourcePath.realPath($0) ?? $0 }
    }

    /// The executable's identity on disk (size and modification time): changes with every build,
    /// so a rebuilt binary never takes pages an older build of the same version cached.
    static func buildIdentity() -> String {
        var info = stat()
        guard let path = current(), stat(path, &info) == 0 else { return "" }
        return "\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
