package model

import (
	"go/token"
	"path"
	"strings"
)

// checkOutputs checks where the outputs go: paths relative to the catalog,
// one file per output, and a Go package name the go command accepts for a
// library.
func (b *builder) checkOutputs() {
	o := b.in.Outputs
	type output struct {
		p    []string
		file string
		dir  bool // a directory, which may hold other outputs
	}
	var files []output
	if o.Go != nil {
		files = append(files, output{at("outputs", "go", "dir"), o.Go.Dir, true})
		b.checkPackage(at("outputs", "go", "package"), o.Go.Package)
	}
	if o.MCP != nil {
		files = append(files, output{at("outputs", "mcp", "dir"), o.MCP.Dir, true})
		b.checkPackage(at("outputs", "mcp", "package"), o.MCP.Package)
	}
	if o.GRPC != nil {
		files = append(files, output{at("outputs", "grpc", "dir"), o.GRPC.Dir, true})
		b.checkPackage(at("outputs", "grpc", "package"), o.GRPC.Package)
	}
	if m := o.Markdown; m != nil {
		if m.Layout == LayoutPerCode {
			files = append(files, output{at("outputs", "markdown", "dir"), m.Dir, true})
		} else {
			files = append(files, output{at("outputs", "markdown", "file"), m.File, false})
		}
	}
	if o.JSONSchema != nil {
		files = append(files, output{at("outputs", "jsonschema", "file"), o.JSONSchema.File, false})
	}
	if o.Catalog != nil {
		files = append(files, output{at("outputs", "catalog", "file"), o.Catalog.File, false})
	}
	if o.LLMs != nil {
		files = append(files, output{at("outputs", "llms", "file"), o.LLMs.File, false})
	}
	seen := map[string][]string{}
	for _, f := range files {
		if isAbs(f.file) {
			b.errs.add(f.p, "give a path relative to the catalog directory, such as ../generated/"+path.Base(f.file),
				"%s is an absolute path; output paths are relative to the catalog, so that the catalog builds anywhere", f.file)
			continue
		}
		if f.dir {
			continue
		}
		clean := path.Clean(f.file)
		if prev, ok := seen[clean]; ok {
			b.errs.add(f.p, "give each output a file of its own",
				"%s is also the file of %s: one output would overwrite the other", f.file, pathString(prev))
			continue
		}
		seen[clean] = f.p
	}
}

// checkPackage checks that a Go package of the outputs, at p, may be
// named name.
func (b *builder) checkPackage(p []string, name string) {
	switch {
	case token.IsKeyword(name):
		b.errs.add(p, "choose another name, such as "+name+"errors", "%q is a Go keyword, which cannot name a package", name)
	case name == "main":
		b.errs.add(p, "choose another name, such as apperr", "package main is a program, and the errors are a package to import")
	}
}

// isAbs reports whether p is absolute on any system: /x, \x or C:x.
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) ||
		(len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z'))
}

// pathString writes a catalog path as diagnostics show it:
// codes.X.examples[0].json.
func pathString(p []string) string {
	return strings.ReplaceAll(strings.Join(p, "."), ".[", "[")
}
