/// A time from a DTCG `duration` token, kept in milliseconds.
public struct ThemeDuration: Sendable, Equatable {
    /// The duration in milliseconds.
    public var milliseconds: Double

    /// Makes a duration.
    public init(milliseconds: Double) {
        self.milliseconds = milliseconds
    }
}
