import ChatModel
import ChatSupport
/// An animation timing from a DTCG `transition` token (or a plain `duration`, which gets the standard easing).
package struct ThemeTransition: Sendable, Equatable {
    /// How long the animation runs.
    package var duration: ThemeDuration
    /// How long it waits before starting.
    package var delay: ThemeDuration
    /// The easing curve.
    package var timingFunction: ThemeCubicBezier

    /// Makes a transition.
    package init(
        duration: ThemeDuration, delay: ThemeDuration = .init(milliseconds: 0),
        timingFunction: ThemeCubicBezier = .standard
    ) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
    }
}
