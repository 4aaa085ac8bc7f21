/// Groups the tests of the Load stage (JSON syntax, the conversation's shape, reading the file)
/// so `swift test --filter Load` runs exactly them.
enum LoadTests {}
