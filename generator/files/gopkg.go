package files

import (
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
