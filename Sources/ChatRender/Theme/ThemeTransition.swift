/// An animation timing from a DTCG `transition` token (or a plain `duration`, which gets the standard easing).
public struct ThemeTransition: Sendable, Equatable {
    /// How long the animation runs.
    public var duration: ThemeDuration
    /// How long it waits before starting.
    public var delay: ThemeDuration
    /// The easing curve.
    public var timingFunction: ThemeCubicBezier

    /// Makes a transition.
    public init(duration: ThemeDuration, delay: ThemeDuration = .init(milliseconds: 0),
                timingFunction: ThemeCubicBezier = .standard) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
    }
}
