package generator

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/errspec/errspec/generator/adaptgen"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
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
	if err := checkInternal(dir, o, importPath); err != nil {
		return err
	}
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

// checkInternal rejects an adapter that the go command would not let
// import the catalog's Go package, at import path importPath: one outside
// the tree of the directory that holds the last element internal of that
// path (the Go package in svc/internal/errs, the MCP adapter in mcp). An
// adapter outside any module is left to goImportPath's checks.
func checkInternal(dir string, o model.Outputs, importPath string) error {
	parent, ok := internalParent(importPath)
	if !ok {
		return nil
	}
	type adapter struct{ key, what, dir string }
	var adapters []adapter
	if o.MCP != nil {
		adapters = append(adapters, adapter{"mcp", "MCP", o.MCP.Dir})
	}
	if o.GRPC != nil {
		adapters = append(adapters, adapter{"grpc", "gRPC", o.GRPC.Dir})
	}
	// The directory of the package's import path parent, as the catalog
	// names directories: the Go package's, less the elements below it.
	below := strings.Count(strings.TrimPrefix(importPath, parent), "/")
	parentDir := path.Clean(o.GoDir + strings.Repeat("/..", below))
	var errs model.Errors
	for _, a := range adapters {
		imp, err := dirImportPath(dir, a.dir, nil)
		if err != nil || imp == parent || strings.HasPrefix(imp, parent+"/") {
			continue
		}
		errs = append(errs, &model.Error{Path: []string{"outputs", a.key, "dir"},
			Msg: fmt.Sprintf("the %s adapter in %s imports the Go package in %s, %s, which the go command lets only the packages below %s (%s) import: it is below its directory internal",
				a.what, a.dir, o.GoDir, importPath, parentDir, parent),
			Fix: fmt.Sprintf("put the adapter below %s, such as %s, or the Go package outside internal", parentDir, path.Join(parentDir, a.key))})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// internalParent returns the import path whose tree alone may import the
// package at importPath, as the go command rules for a path with an
// element internal: what comes before the last such element (the most
// restrictive); ok is false when the path has none, or when it starts
// with internal, which leaves any package of its module free to import it.
func internalParent(importPath string) (parent string, ok bool) {
	switch {
	case strings.HasSuffix(importPath, "/internal"):
		return strings.TrimSuffix(importPath, "/internal"), true
	case strings.Contains(importPath, "/internal/"):
		return importPath[:strings.LastIndex(importPath, "/internal/")], true
	}
	return "", false
}

// goImportPath returns the import path of the catalog's Go package, whose
// directory is relative to the catalog's, dir: the one the catalog gives,
// else the module path of the go.mod above the package's directory joined
// with the directory below it. The error is model.Errors when there is no
// go.mod to read, or when the go.mod gives the package another import
// path than the catalog does (a module path of a major version, /v2, left
// out of it): the adapters would import a package that is not there. A
// package the go command leaves out of its module (below testdata) is
// not one of its packages, and keeps the path the catalog gives.
func goImportPath(dir string, o model.Outputs) (string, error) {
	at := []string{"outputs", "go"}
	inferred, err := dirImportPath(dir, o.GoDir, at)
	if o.GoImportPath == "" {
		return inferred, err
	}
	if err != nil || inferred == o.GoImportPath || slices.ContainsFunc(strings.Split(inferred, "/"), func(e string) bool {
		why, _ := files.GoDirElement(e)
		return why != ""
	}) {
		return o.GoImportPath, nil
	}
	return "", model.Errors{{Path: append(at, "import_path"),
		Msg: fmt.Sprintf("the Go package in %s has the import path %s, which the go.mod of its module gives it, not %s: the adapters would import a package that is not there", o.GoDir, inferred, o.GoImportPath),
		Fix: fmt.Sprintf("remove import_path, which errspec reads from go.mod, or give import_path: %q", inferred)}}
}

// dirImportPath returns the import path of the Go package in rel, a
// directory relative to the catalog's, dir, from the go.mod above it; the
// error is model.Errors, at output, when there is no go.mod to read.
func dirImportPath(dir, rel string, output []string) (string, error) {
	pkgDir, modDir, f, err := goModAbove(dir, rel)
	if err != nil {
		return "", model.Errors{{Path: output,
			Msg: "the adapters import the Go package by its import path, which errspec reads from its go.mod, but " + err.Error(),
			Fix: `make it a regular file errspec can read, or give the package's import path: outputs: go: import_path: "example.com/app/apperr"`}}
	}
	if modDir == "" {
		return "", model.Errors{{Path: output,
			Msg: fmt.Sprintf("there is no go.mod in %s or above it, and the adapters import the Go package by its import path", files.Show(pkgDir)),
			Fix: `put the package in a Go module, or give its import path: outputs: go: import_path: "example.com/app/apperr"`}}
	}
	if f == nil || f.Module == nil || f.Module.Mod.Path == "" {
		return "", model.Errors{{Path: output,
			Msg: fmt.Sprintf("%s declares no module path, or does not parse, and the adapters import the Go package by its import path", files.Show(filepath.Join(modDir, "go.mod"))),
			Fix: `give the package's import path: outputs: go: import_path: "example.com/app/apperr"`}}
	}
	rel, err = filepath.Rel(modDir, pkgDir)
	if err != nil {
		return "", err
	}
	return path.Join(f.Module.Mod.Path, filepath.ToSlash(rel)), nil
}

// goModAbove finds the go.mod of the Go package in rel, a directory
// relative to the catalog's, dir: it returns the package's absolute
// directory, the directory of the nearest go.mod at or above it ("" when
// there is none) and that go.mod as the go command reads it, a module
// line or a module block (nil when it does not parse).
func goModAbove(dir, rel string) (pkgDir, modDir string, f *modfile.File, err error) {
	pkgDir, err = filepath.Abs(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return "", "", nil, err
	}
	modDir, data, err := fileAbove(pkgDir, "go.mod")
	if err != nil || modDir == "" {
		return pkgDir, "", nil, err
	}
	f, _ = modfile.ParseLax("go.mod", data, nil)
	return pkgDir, modDir, f, nil
}

// fileAbove returns the nearest directory at or above dir, an absolute
// path, that holds the file name, and the file; "" when none does. A
// name there that is no regular file is an error that says what it is:
// it is not read, as reading a named pipe would wait forever (no
// interrupt ends a blocked open) and a link to /dev/zero would fill the
// memory.
func fileAbove(dir, name string) (found string, data []byte, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		p := filepath.Join(d, name)
		st, err := os.Stat(p)
		if err == nil && !st.Mode().IsRegular() && !st.IsDir() {
			return "", nil, fmt.Errorf("%s is a %s, not a regular file", files.Show(p), textsafe.FileKind(st.Mode()))
		}
		if err == nil {
			data, err = os.ReadFile(p)
		}
		if err == nil {
			return d, data, nil
		}
		if !os.IsNotExist(err) {
			return "", nil, err
		}
		if filepath.Dir(d) == d {
			return "", nil, nil
		}
	}
}

// runtimeModule is the module of errspec's runtime, which the generated Go
// package imports.
const runtimeModule = "github.com/errspec/errspec"

// runtimeWarning warns, at outputs.go, of a catalog whose Go package, in
// the directory relative to the catalog's, dir, is in a module whose
// go.mod does not require errspec's module: go build of the package fails
// (no required module provides package github.com/errspec/errspec), as
// where errspec runs by go run of a version, or as a tool of another
// module. A package in no module, or in a Go workspace, whose other
// modules may require it, is left to the go command.
func runtimeWarning(dir string, o model.Outputs) *model.Error {
	if o.GoDir == "" {
		return nil
	}
	_, modDir, f, err := goModAbove(dir, o.GoDir)
	if err != nil || f == nil || f.Module == nil || f.Module.Mod.Path == runtimeModule {
		return nil
	}
	for _, r := range f.Require {
		if r.Mod.Path == runtimeModule {
			return nil
		}
	}
	if work, _, err := fileAbove(modDir, "go.work"); err != nil || work != "" {
		return nil
	}
	return &model.Error{Path: []string{"outputs", "go"},
		Msg: fmt.Sprintf("%s does not require %s, whose runtime the generated package imports: go build of the package would fail (no required module provides package %s)", files.Show(filepath.Join(modDir, "go.mod")), runtimeModule, runtimeModule),
		Fix: "add errspec to that module as its tool, which pins the generator and its runtime to one version: go get -tool " + runtimeModule + "/cmd/errspec" + vendorStep(modDir)}
}

// vendorStep returns the step that follows a change of the requirements
// of the module in modDir when it vendors its dependencies: go build
// reads them from vendor, and fails (inconsistent vendoring) until go mod
// vendor has copied the new ones there.
func vendorStep(modDir string) string {
	if st, err := os.Stat(filepath.Join(modDir, "vendor", "modules.txt")); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return "; then run go mod vendor" + inDir(modDir) + ", as the module vendors its dependencies (vendor/modules.txt)"
}

// inDir is " in DIR", DIR as a message shows it, for a command a fix
// says to run in dir; "" for the directory errspec runs in.
func inDir(dir string) string {
	if d := files.Show(dir); d != "." {
		return " in " + d
	}
	return ""
}

// adapterModuleWarnings warns, at outputs.mcp or outputs.grpc, of each
// module an adapter of the catalog in dir imports that the go.mod above
// the adapter's directory does not require, or requires at a version
// older than the adapter needs: go build of the adapter would fail, with
// "no required module provides package" for the one and an error inside
// the adapter (r.GetError undefined) for the other, as go mod tidy adds
// a module at its latest version but leaves one it requires as it is. A
// module the go.mod requires and replaces by a directory or a fork, and
// an adapter in no module or in a Go workspace, are left to the go
// command; one replaced but not required is missing.
func adapterModuleWarnings(dir string, cat *model.Catalog) model.Errors {
	var errs model.Errors
	warned := map[string]bool{}
	for _, m := range adaptgen.Modules(cat) {
		if warned[m.Path] {
			continue
		}
		var adapterDir string
		if m.Output == "mcp" {
			adapterDir = cat.Outputs.MCP.Dir
		} else {
			adapterDir = cat.Outputs.GRPC.Dir
		}
		_, modDir, lax, err := goModAbove(dir, adapterDir)
		if err != nil || lax == nil || lax.Module == nil || lax.Module.Mod.Path == m.Path {
			continue
		}
		if work, _, err := fileAbove(modDir, "go.work"); err != nil || work != "" {
			continue
		}
		// ParseLax, which reads the go.mod of a dependency, leaves out
		// its replace directives; a go.mod that does not parse whole is
		// the go command's to report.
		data, err := os.ReadFile(filepath.Join(modDir, "go.mod"))
		if err != nil {
			continue
		}
		f, err := modfile.Parse("go.mod", data, nil)
		if err != nil {
			continue
		}
		version := ""
		for _, r := range f.Require {
			if r.Mod.Path == m.Path {
				version = r.Mod.Version
			}
		}
		// A replace directive alone does not add a module to the build:
		// go build of a package of one replaced but not required fails.
		replaced := false
		for _, r := range f.Replace {
			if version != "" && r.Old.Path == m.Path && (r.Old.Version == "" || r.Old.Version == version) {
				replaced, version = true, r.New.Version
				if r.New.Path != m.Path {
					// A directory or a fork, whose versions are not
					// the module's own: the go command's to judge.
					version = ""
				}
			}
		}
		if replaced && version == "" {
			continue
		}
		goMod := files.Show(filepath.Join(modDir, "go.mod"))
		in := inDir(modDir)
		p := []string{"outputs", m.Output}
		var w *model.Error
		switch {
		case replaced && semver.Compare(version, m.Oldest) < 0:
			w = &model.Error{Path: p,
				Msg: fmt.Sprintf("%s replaces %s by version %s, and the %s adapter needs %s or later: %s", goMod, m.Path, version, adapterName(m.Output), m.Oldest, m.Why),
				Fix: fmt.Sprintf("replace it by %s or later, or remove the replace directive", m.Oldest)}
		case version == "":
			w = &model.Error{Path: p,
				Msg: fmt.Sprintf("%s does not require %s, which the %s adapter imports: go build of the adapter would fail (no required module provides package)", goMod, m.Path, adapterName(m.Output)),
				Fix: "run go mod tidy" + in + ", which adds it at its latest version"}
		case semver.Compare(version, m.Oldest) < 0:
			w = &model.Error{Path: p,
				Msg: fmt.Sprintf("%s requires %s %s, and the %s adapter needs %s or later: %s", goMod, m.Path, version, adapterName(m.Output), m.Oldest, m.Why),
				Fix: fmt.Sprintf("run go get %s@latest%s: go mod tidy leaves a version that go.mod requires as it is", m.Path, in)}
		default:
			continue
		}
		warned[m.Path] = true
		w.Fix += vendorStep(modDir)
		errs = append(errs, w)
	}
	return errs
}

// adapterName is the name of the adapter of the output key, as prose
// writes it.
func adapterName(key string) string {
	if key == "grpc" {
		return "gRPC"
	}
	return "MCP"
}
