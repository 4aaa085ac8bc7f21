/// Groups this target's model suites under one name in the test list.
enum ModelTests {}
