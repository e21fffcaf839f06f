package model

import (
	"cmp"
	"path"
	"regexp"
	"strings"
)

// adapterOutputs resolves the outputs of the MCP and gRPC adapters and
// checks what the schema cannot: each imports the Go package, so the
// catalog needs one, and each is a package of its own, in a directory of
// its own.
func (b *builder) adapterOutputs(cat *Catalog) {
	o := b.in.Outputs
	if o.Go != nil {
		cat.Outputs.GoImportPath = o.Go.ImportPath
		b.checkImportPath(at("outputs", "go", "import_path"), o.Go.ImportPath)
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
			b.errs.add(p, `add outputs: go: {dir: ".", package: "`+b.goPackageFix()+`"}`,
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

// checkImportPath checks, as the go command does, the elements of an
// import path that the schema's pattern lets through: one of dots alone
// (. or ..), one that ends in a dot, and a name Windows reserves.
func (b *builder) checkImportPath(p []string, importPath string) {
	if importPath == "" {
		return
	}
	for _, e := range strings.Split(importPath, "/") {
		why := ""
		switch {
		case strings.Trim(e, ".") == "":
		case strings.HasSuffix(e, "."):
			why = ", which ends in a dot"
		case windowsName(e) != "":
			why = ", a device name on Windows"
		default:
			continue
		}
		b.errs.add(p, "give the package's Go import path, such as example.com/app/apperr",
			"%s is not a Go import path: the go command rejects the element %q%s", importPath, e, why)
		return
	}
}

// goPackageFix is the Go package name a fix proposes for the catalog's
// Go output: the name of the catalog's CUE package, which the Go files
// beside it (the //go:generate line) most often share, where it can
// name a Go package (checkPackage would take it); apperr otherwise.
func (b *builder) goPackageFix() string {
	if name := b.in.Package; goPackageName.MatchString(name) {
		if _, msg := packageFault(name); msg == "" {
			return name
		}
	}
	return "apperr"
}

// goPackageName matches the names the schema takes for outputs.go.package.
var goPackageName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
