/// Groups the tests of the model values (dates, byte counts, file kinds) so
/// `swift test --filter Model` runs exactly them.
enum ModelTests {}
