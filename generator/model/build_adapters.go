package model

import (
	"cmp"
	"path"
)

// adapterOutputs resolves the outputs of the MCP and gRPC adapters and
// checks what the schema cannot: each imports the Go package, so the
// catalog needs one, and each is a package of its own, in a directory of
// its own.
func (b *builder) adapterOutputs(cat *Catalog) {
	o := b.in.Outputs
	if o.Go != nil {
		cat.Outputs.GoImportPath = o.Go.ImportPath
	}
	type adapter struct{ key, what, dir string }
	var adapters []adapter
	if m := o.MCP; m != nil {
		cat.Outputs.MCP = &MCPOutput{
			Dir:               path.Clean(m.Dir),
			Package:           m.Package,
			Text:              MCPText(cmp.Or(m.Text, string(MCPTextJSON))),
			StructuredContent: m.StructuredContent == nil || *m.StructuredContent,
		}
		adapters = append(adapters, adapter{"mcp", "MCP", cat.Outputs.MCP.Dir})
	}
	if g := o.GRPC; g != nil {
		cat.Outputs.GRPC = &GRPCOutput{Dir: path.Clean(g.Dir), Package: g.Package, Domain: g.Domain}
		adapters = append(adapters, adapter{"grpc", "gRPC", cat.Outputs.GRPC.Dir})
	}
	for i, a := range adapters {
		p := at("outputs", a.key)
		switch {
		case o.Go == nil:
			b.errs.add(p, `add outputs: go: {dir: ".", package: "apperr"}`,
				"the %s adapter imports the catalog's Go package, and outputs has no go", a.what)
		case a.dir == path.Clean(o.Go.Dir):
			b.errs.add(append(p, "dir"), "give the adapter a directory of its own, such as "+path.Join(o.Go.Dir, a.key),
				"%s is the directory of the Go package, and the %s adapter is a package of its own, so that only a user of it needs its modules", a.dir, a.what)
		case i > 0 && a.dir == adapters[0].dir:
			b.errs.add(append(p, "dir"), "give each adapter a directory of its own",
				"%s is the directory of the %s adapter too", a.dir, adapters[0].what)
		}
	}
}
