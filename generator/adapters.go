package generator

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/errspec/errspec/generator/adaptgen"
	"github.com/errspec/errspec/generator/model"
)

// renderAdapters renders the MCP and gRPC adapters of the catalog in dir,
// which import its Go package: add adds each file, at the output that
// names it, and own claims each adapter's directory for its .go files.
func renderAdapters(dir string, cat *model.Catalog, notice string, add func([]string, string, []byte, error) error, own func(rel, ext string)) error {
	importPath, err := goImportPath(dir, cat.Outputs)
	if err != nil {
		return err
	}
	o := cat.Outputs
	if o.MCP != nil {
		data, err := adaptgen.RenderMCP(cat, notice, importPath)
		if err := add([]string{"outputs", "mcp", "dir"}, o.MCP.Dir+"/"+adaptgen.MCPFile, data, err); err != nil {
			return err
		}
		own(o.MCP.Dir, ".go")
	}
	if o.GRPC != nil {
		data, err := adaptgen.RenderGRPC(cat, notice, importPath)
		if err := add([]string{"outputs", "grpc", "dir"}, o.GRPC.Dir+"/"+adaptgen.GRPCFile, data, err); err != nil {
			return err
		}
		own(o.GRPC.Dir, ".go")
	}
	return nil
}

// goImportPath returns the import path of the catalog's Go package, whose
// directory is relative to the catalog's, dir: the one the catalog gives,
// else the module path of the go.mod above the package's directory joined
// with the directory below it. The error is model.Errors when there is no
// go.mod to read.
func goImportPath(dir string, o model.Outputs) (string, error) {
	if o.GoImportPath != "" {
		return o.GoImportPath, nil
	}
	pkgDir, err := filepath.Abs(filepath.Join(dir, filepath.FromSlash(o.GoDir)))
	if err != nil {
		return "", err
	}
	for d := pkgDir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			mod := modulePath(data)
			if mod == "" {
				return "", model.Errors{{Path: []string{"outputs", "go"},
					Msg: fmt.Sprintf("%s declares no module path, and the adapters import the Go package by its import path", filepath.Join(d, "go.mod")),
					Fix: `give the package's import path: outputs: go: import_path: "example.com/app/apperr"`}}
			}
			rel, err := filepath.Rel(d, pkgDir)
			if err != nil {
				return "", err
			}
			return path.Join(mod, filepath.ToSlash(rel)), nil
		}
		if !os.IsNotExist(err) {
			return "", err
		}
		if filepath.Dir(d) == d {
			return "", model.Errors{{Path: []string{"outputs", "go"},
				Msg: fmt.Sprintf("there is no go.mod in %s or above it, and the adapters import the Go package by its import path", filepath.ToSlash(pkgDir)),
				Fix: `put the package in a Go module, or give its import path: outputs: go: import_path: "example.com/app/apperr"`}}
		}
	}
}

// modulePath returns the module path a go.mod declares, or "".
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		line, _, _ = strings.Cut(line, "//")
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"' {
			continue
		}
		rest = strings.TrimSpace(rest)
		if p, err := strconv.Unquote(rest); err == nil {
			return p
		}
		return rest
	}
	return ""
}
