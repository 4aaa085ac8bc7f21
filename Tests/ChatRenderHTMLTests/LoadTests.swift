/// Groups this target's load suites under one name in the test list.
enum LoadTests {}
