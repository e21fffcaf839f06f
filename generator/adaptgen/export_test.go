package adaptgen

// Identifiers is identifiers, for the tests of package adaptgen_test.
var Identifiers = identifiers

// The oldest versions of the adapters' modules, for the tests of package
// adaptgen_test.
const (
	OldestMCPSDK        = oldestMCPSDK
	OldestGRPC          = oldestGRPC
	OldestGenproto      = oldestGenproto
	MCPArgumentsResults = mcpArgumentsResults
)
