import ChatModel
import ChatSupport
/// A time from a DTCG `duration` token, kept in milliseconds.
package struct ThemeDuration: Sendable, Equatable {
    /// The duration in milliseconds.
    package var milliseconds: Double

    /// Makes a duration.
    package init(milliseconds: Double) {
        self.milliseconds = milliseconds
    }
}
