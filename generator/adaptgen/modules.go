package adaptgen

import (
	"path"

	"github.com/errspec/errspec/generator/model"
)

// A Module is a module that an adapter of a catalog imports, which the
// go.mod of the program that uses the adapter requires, at Oldest or
// later.
type Module struct {
	Path   string
	Oldest string
	// Output is the output of the adapter that imports the module: mcp
	// or grpc.
	Output string
	// Why says what fails below Oldest.
	Why string
}

// Modules returns the modules that the adapters of cat import, each
// with the oldest version that builds the adapter, and then, for a
// module of which the adapter needs a later version to do what the
// catalog asks of it (the role invalid_arguments: the MCP SDK that
// reports such arguments in an error result), the module again with
// that version.
func Modules(cat *model.Catalog) []Module {
	var out []Module
	if cat.Outputs.MCP != nil {
		sdk := path.Dir(mcpPkg)
		out = append(out, Module{Path: sdk, Oldest: oldestMCPSDK, Output: "mcp",
			Why: "the adapter does not build with an older one (r.GetError undefined)"})
		if cat.Roles[model.RoleInvalidArguments] != nil {
			out = append(out, Module{Path: sdk, Oldest: mcpArgumentsResults, Output: "mcp",
				Why: "an older one sends arguments that fail a tool's input schema as a protocol error, which the adapter leaves as it is, without the code of roles.invalid_arguments"})
		}
	}
	if cat.Outputs.GRPC != nil {
		out = append(out,
			Module{Path: grpcPkg, Oldest: oldestGRPC, Output: "grpc", Why: "the adapter is tested with it and later ones"},
			Module{Path: path.Dir(detailsPkg), Oldest: oldestGenproto, Output: "grpc",
				Why: "the adapter does not build with an older one (unknown field Reason in struct literal of type errdetails.BadRequest_FieldViolation)"})
	}
	return out
}
