package files

import (
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// checkGoPackages rejects a Go output whose directory holds a Go file,
// not errspec's, of another package than the one errspec writes there:
// the go command then fails to build the directory (found packages X and
// Y), and a person who ran go generate would not know why. A file the
// default build leaves out (a //go:build ignore generator, a file of
// another GOOS), a test file of the external test package, and a file
// that carries the catalog's notice, which errspec replaces or removes,
// do not count.
func (g *guard) checkGoPackages(sets []Set) {
	for i := range sets {
		s := &sets[i]
		for _, d := range s.Dirs {
			if d.Ext != ".go" {
				continue
			}
			dir := clean(d.Path)
			pkg, output := generatedPackage(s, dir)
			if pkg == "" {
				continue
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				continue // a directory errspec creates
			}
			for _, e := range entries {
				name := e.Name()
				p := filepath.Join(dir, name)
				if !strings.HasSuffix(name, ".go") || !e.Type().IsRegular() || g.generated(p) {
					continue
				}
				if owner, err := fileOwner(p); err != nil || owner == s.Catalog {
					continue
				}
				if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
					continue
				}
				f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.PackageClauseOnly)
				if err != nil {
					continue // the go command reports it
				}
				other := f.Name.Name
				if other == pkg || other == "documentation" || (strings.HasSuffix(name, "_test.go") && other == pkg+"_test") {
					continue
				}
				want := other // the package name that would build with the file
				if strings.HasSuffix(name, "_test.go") {
					want = strings.TrimSuffix(other, "_test")
				}
				g.reject(s, output, "give the output the package name "+want+", or a directory of its own",
					"%s is of package %s, and errspec writes package %s there: go build would find two packages in %s",
					g.show(p), other, pkg, g.show(dir))
				break
			}
		}
	}
}

// generatedPackage returns the package of the Go files s writes to dir,
// and the output that writes them.
func generatedPackage(s *Set, dir string) (string, []string) {
	for _, f := range s.Files {
		p := clean(f.Path)
		if filepath.Dir(p) != dir || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			continue
		}
		if file, err := parser.ParseFile(token.NewFileSet(), p, f.Data, parser.PackageClauseOnly); err == nil {
			return file.Name.Name, slices.Clone(f.Output)
		}
	}
	return "", nil
}

// generated reports whether a file of the run is generated at p.
func (g *guard) generated(p string) bool {
	real, err := realPath(p)
	if err != nil {
		return false
	}
	_, ok := g.files[real]
	return ok
}

// checkGoDirs rejects a Go output (a catalog's Go package, or an adapter)
// whose directory is that of another Go output of the run, of its catalog
// or of another, or differs from it only in case. Each is a package of
// its own: in one directory, go build finds two packages, or one package
// of two outputs that needs the modules of both (the MCP SDK in the
// catalog's package, which its adapter keeps out); and the go command
// refuses two packages whose import paths differ only in case
// (case-insensitive import collision), which on macOS and Windows are
// one directory besides. A catalog's own adapter in its Go package's
// directory is the model's to report, before any file is planned.
func (g *guard) checkGoDirs(sets []Set) {
	type goDir struct {
		placed
		dir string // the directory as the user sees it
	}
	seen := map[string]goDir{}    // FoldPath of the real directory -> the first output with Go files there
	reported := map[string]bool{} // the outputs rejected, by set and output
	for i := range sets {
		s := &sets[i]
		for _, f := range s.Files {
			p := clean(f.Path)
			if !strings.HasSuffix(p, ".go") {
				continue
			}
			real, err := realPath(p)
			if err != nil {
				continue // checkFile reports it
			}
			dir := filepath.Dir(real)
			prev, ok := seen[FoldPath(dir)]
			if !ok {
				seen[FoldPath(dir)] = goDir{placed{set: s, output: f.Output, real: dir}, g.show(filepath.Dir(p))}
				continue
			}
			key := fmt.Sprintf("%p %q", s, f.Output)
			if (prev.set == s && slices.Equal(prev.output, f.Output)) || reported[key] {
				continue
			}
			reported[key] = true
			show := g.show(filepath.Dir(p))
			if dir == prev.real {
				g.reject(s, f.Output, "give the output a directory of its own",
					"%s is the directory of the Go package that %s writes too, and each Go output is a package of its own: go build would find two packages there, or one that needs the modules of both",
					show, prev.describe(s))
				continue
			}
			g.reject(s, f.Output, "give the output a directory of its own, not one that differs from another's only in case",
				"%s and %s, the directory of the Go package that %s writes, differ only in case: the go command refuses two import paths that differ only in case (case-insensitive import collision), and on macOS and Windows they are one directory",
				show, prev.dir, prev.describe(s))
		}
	}
}
