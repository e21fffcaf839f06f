package files

import (
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
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
	for s, d := range goDirs(sets) {
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

// GoDirElement says why the go command would not build a package whose
// directory's path in its module has the element e, and how to fix it;
// "" when it would. The go command ignores an element that starts with .
// or _, or is testdata or vendor, when it lists packages (go build ./...,
// go vet ./..., go test ./...); and it cannot import a package whose
// import path holds a character other than an ASCII letter or digit or
// one of - . _ ~ +, which fails go build ./... of the whole module.
func GoDirElement(e string) (why, fix string) {
	if strings.HasPrefix(e, ".") || strings.HasPrefix(e, "_") || e == "testdata" || e == "vendor" {
		return fmt.Sprintf("the go command ignores %s when it lists packages (go build ./...), so the generated package would not be built or tested", e),
			"choose a directory whose path has no element starting with . or _, named testdata or vendor"
	}
	if i := strings.IndexFunc(e, func(r rune) bool { return !importPathRune(r) }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(e[i:])
		return fmt.Sprintf("the go command cannot import a package in %q: an import path cannot hold %q, and go build ./... of the module would fail on it", e, r),
			"choose a directory whose names hold only ASCII letters, digits and - . _ ~ +"
	}
	return "", ""
}

// importPathRune reports whether an element of a Go import path may hold
// r, as the go command checks it: an ASCII letter or digit, or one of
// - . _ ~ +.
func importPathRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-._~+", r)
}

// checkGoModulePaths rejects a Go output whose directory the go command
// would not build by an element of its path in its module that the
// catalog does not name, such as the catalog's own directory, "my
// errors", with its Go package in "." (the model checks the elements the
// catalog names, before any file is planned). The module is the one of
// the nearest go.mod at or above the directory; without one, there is no
// import path to check.
func (g *guard) checkGoModulePaths(sets []Set) {
	for s, d := range goDirs(sets) {
		_, output := generatedPackage(s, clean(d.Path))
		if output == nil {
			continue
		}
		dir, err := filepath.Abs(d.Path)
		if err != nil {
			continue
		}
		mod := dir
		for !exists(filepath.Join(mod, "go.mod")) {
			if mod = filepath.Dir(mod); mod == filepath.Dir(mod) {
				break
			}
		}
		rel, ok := within(mod, dir)
		if !ok || !exists(filepath.Join(mod, "go.mod")) || rel == "." {
			continue
		}
		for _, e := range strings.Split(rel, string(filepath.Separator)) {
			if why, fix := GoDirElement(e); why != "" {
				g.reject(s, output, fix+", or move the catalog to such a directory",
					"%s, the directory of the Go package (in the module of %s): %s",
					g.show(dir), g.show(filepath.Join(mod, "go.mod")), why)
				break
			}
		}
	}
}

// goDirs yields each directory of sets that holds Go files, with its set.
func goDirs(sets []Set) iter.Seq2[*Set, Dir] {
	return func(yield func(*Set, Dir) bool) {
		for i := range sets {
			for _, d := range sets[i].Dirs {
				if d.Ext == ".go" && !yield(&sets[i], d) {
					return
				}
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
