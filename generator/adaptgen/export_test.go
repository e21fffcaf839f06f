package adaptgen

// Identifiers is identifiers, for the tests of package adaptgen_test.
var Identifiers = identifiers
