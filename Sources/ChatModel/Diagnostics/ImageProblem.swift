/// Why an image cannot be used; turned into a warning and a "Photo unavailable" tile.
package struct ImageProblem: Error, Sendable, Equatable {
    package var reason: String
    /// The image library itself cannot work (not installed, will not start): every photo of the
    /// render has the same problem, so it is reported once, not once per photo.
    package var isLibraryProblem = false
    package init(_ reason: String, isLibraryProblem: Bool = false) {
        self.reason = reason
        self.isLibraryProblem = isLibraryProblem
    }
}
