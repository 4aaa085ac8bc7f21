/// A typed handle on a declared option: reading a parsed command line through it gives the value
/// its declaration read, with no casts at the call site.
struct OptionKey<Value: Sendable>: Sendable {
    let option: Option
}
