package load

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// TestFastSameAsCareful checks that the fast way decodes every valid
// catalog of the repository, and a synthetic one, as the careful way
// decodes the JSON it exports.
func TestFastSameAsCareful(t *testing.T) {
	dirs, _ := filepath.Glob("../../golden/testdata/*")
	dirs = append(dirs, "../../spec/agenttools", "../../spec/errspec")
	syn := synthtest.Dir(t, 30)
	dirs = append(dirs, syn)
	n := 0
	for _, dir := range dirs {
		if strings.HasPrefix(filepath.Base(dir), "reject_") {
			continue
		}
		files, err := cueFiles(dir)
		if err != nil || len(files) == 0 {
			continue
		}
		want := careful(t, dir)
		if want == nil {
			continue // a catalog the careful way rejects
		}
		got, ok := exportFast(dir, files)
		if !ok {
			t.Errorf("%s: the fast way does not take it", dir)
			continue
		}
		n++
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: the fast way gives (-careful +fast):\n%s", dir, diff)
		}
	}
	if n < 5 {
		t.Errorf("only %d catalogs compared", n)
	}
}

// valid is a valid catalog, which the fast way takes.
const valid = `package x

name: "x"
outputs: go: {dir: ".", package: "x"}
categories: c: description: "C."
codes: A: {category: "c", title: "A", message: "a"}
`

// TestFastDeclines checks that the fast way leaves to the careful way the
// catalogs it cannot evaluate as the careful way does.
func TestFastDeclines(t *testing.T) {
	write := func(dir, name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	write(dir, "c.cue", valid)
	if _, ok := exportFast(dir, []string{"./c.cue"}); !ok {
		t.Fatal("the fast way does not take a valid catalog")
	}
	for name, src := range map[string]string{
		"unknown top-level field": valid + "nmae: \"x\"\n",
		"optional unknown field":  valid + "foo?: 1\n",
		"schema definition":       valid + "codes: B: #Code & {category: \"c\", title: \"B\", message: \"b\"}\n",
		"embedding":               valid + "{title: \"X\"}\n",
		"module import":           strings.Replace(valid, "\n\n", "\n\nimport \"example.com/y\"\n\n", 1) + "title: y.title\n",
		"file attribute":          "@if(prod)\n" + valid,
		"syntax error":            valid + "title: \n",
	} {
		dir := t.TempDir()
		write(dir, "c.cue", src)
		if _, ok := exportFast(dir, []string{"./c.cue"}); ok {
			t.Errorf("%s: the fast way takes it", name)
		}
	}
	// A file that refers to a field of another file: the fast way cannot
	// resolve it and declines; Dir still loads the catalog.
	dir = t.TempDir()
	write(dir, "a.cue", valid+"tiers: [\"Free\", \"Pro\"]\n")
	write(dir, "b.cue", "package x\n\nupgrade_url: \"https://example.com/\" + tiers[1]\n")
	if _, ok := exportFast(dir, []string{"./a.cue", "./b.cue"}); ok {
		t.Error("the fast way takes a reference across files")
	}
	if _, err := Dir(dir); err != nil {
		t.Errorf("Dir: %v", err)
	}
}

// careful returns the catalog in dir as the careful way decodes it, or
// nil when the careful way rejects it.
func careful(t *testing.T, dir string) *model.Input {
	t.Helper()
	files, err := cueFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := evaluate(dir, files).MarshalJSON()
	if err != nil {
		return nil
	}
	var in model.Input
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	return &in
}

// parseAll parses the files of dir as exportFast does.
func parseAll(t *testing.T, dir string) ([]*ast.File, string) {
	t.Helper()
	files, err := cueFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, name := range files {
		f, err := parser.ParseFile(filepath.Join(dir, name), nil)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	return parsed, parsed[0].PackageName()
}

// TestSplitTakes checks that a synthetic catalog, whose codes are spread
// over several files, is evaluated a file of codes at a time, and gives
// what the careful way gives (TestFastSameAsCareful compares the rest).
func TestSplitTakes(t *testing.T) {
	dir := synthtest.Dir(t, 600)
	parsed, pkg := parseAll(t, dir)
	splitSameAsCareful(t, dir, parsed, pkg)
}

// splitSameAsCareful checks that the split way takes the catalog in dir,
// parsed, and gives what the careful way gives.
func splitSameAsCareful(t *testing.T, dir string, parsed []*ast.File, pkg string) {
	t.Helper()
	got, ok := exportSplit(parsed, pkg, fastSchema())
	if !ok {
		t.Fatal("the split way does not take the catalog")
	}
	if diff := cmp.Diff(careful(t, dir), got); diff != "" {
		t.Errorf("the split way gives (-careful +split):\n%s", diff)
	}
}

// TestSplitDeclines checks that the split way leaves to the fast way the
// catalogs whose codes it cannot evaluate a file at a time, and that the
// fast way then gives what the careful way gives.
func TestSplitDeclines(t *testing.T) {
	const other = "package x\n\ncodes: B: {category: \"c\", title: \"B\", message: \"b\"}\n"
	for name, files := range map[string][2]string{
		"pattern over the codes":                 {valid, "package x\n\ncodes: [string]: retryable: true\n" + other[len("package x\n\n"):]},
		"code refers to a catalog field":         {strings.Replace(valid, `title: "A"`, `title: name`, 1), other},
		"hidden field in two files":              {valid + "_m: \"a\"\n", other + "_m: \"a\"\n"},
		"a code in two files":                    {valid, "package x\n\ncodes: A: retryable: true\n"},
		"the rest counts the codes":              {valid, other + "tools: t: description: \"\\(len(codes))\"\n"},
		"the rest refers to codes":               {valid, other + "tools: t: description: codes.B.title\n"},
		"hidden field refers to a catalog field": {valid + "_t: categories.c.description\n", "package x\n\ncodes: B: {category: \"c\", title: _t, message: \"b\"}\n"},
		"optional code":                          {valid, "package x\n\ncodes: B?: {category: \"c\", title: \"B\", message: \"b\"}\n"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for i, src := range files {
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%c.cue", 'a'+i)), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			parsed, pkg := parseAll(t, dir)
			if _, ok := exportSplit(parsed, pkg, fastSchema()); ok {
				t.Error("the split way takes it")
			}
			want := careful(t, dir)
			if want == nil {
				return // a catalog the careful way rejects
			}
			names, _ := cueFiles(dir)
			got, ok := exportFast(dir, names)
			if !ok {
				return // the careful way loads it
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("the fast way gives (-careful +fast):\n%s", diff)
			}
		})
	}
}

// TestChunkCodes checks that a file of nothing but codes is split into
// files of at most maxCodesPerContext codes that share no node, whichever way
// the codes are written, and that a file with anything else is kept
// whole; and that either way the split way gives what the careful way
// gives.
func TestChunkCodes(t *testing.T) {
	var each, one strings.Builder
	const n = 2*maxCodesPerContext + 22
	one.WriteString("codes: {\n")
	for i := range n {
		code := fmt.Sprintf("C%03d: {category: \"c\", title: \"T%d\", message: \"m\"}\n", i, i)
		each.WriteString("codes: " + code)
		one.WriteString("\t" + code)
	}
	one.WriteString("}\n")
	for name, tc := range map[string]struct {
		src    string
		chunks []int // the codes of each file
	}{
		"a declaration a code":  {each.String(), []int{maxCodesPerContext, maxCodesPerContext, 22}},
		"one struct of codes":   {one.String(), []int{maxCodesPerContext, maxCodesPerContext, 22}},
		"a hidden field beside": {"_t: \"T\"\n" + strings.ReplaceAll(each.String(), `title: "T`, `title: _t + "`), []int{n}},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for file, src := range map[string]string{"a.cue": valid, "b.cue": "package x\n\n" + tc.src} {
				if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			parsed, pkg := parseAll(t, dir)
			codes, _, ok := splitFile(parsed[1], fastSchema(), map[string]int{})
			if !ok {
				t.Fatal("splitFile does not take the file")
			}
			var sizes []int
			var names []string
			seen := map[ast.Node]bool{}
			files, apart := chunkCodes(codes, pkg, maxCodesPerContext)
			if apart != (len(tc.chunks) > 1) {
				t.Errorf("chunkCodes reports %v", apart)
			}
			for _, f := range files {
				count := 0
				ast.Walk(f, func(n ast.Node) bool {
					if seen[n] && len(tc.chunks) > 1 {
						t.Errorf("a node is in two files: %T", n)
					}
					seen[n] = true
					if field, ok := n.(*ast.Field); ok {
						if name, _, _ := ast.LabelName(field.Label); strings.HasPrefix(name, "C") {
							count++
							names = append(names, name)
							return false
						}
					}
					return true
				}, nil)
				sizes = append(sizes, count)
			}
			if diff := cmp.Diff(tc.chunks, sizes); diff != "" {
				t.Errorf("codes a file (-want +got):\n%s", diff)
			}
			for i, name := range names {
				if want := fmt.Sprintf("C%03d", i); name != want {
					t.Fatalf("code %d of the files is %s, want %s", i, name, want)
				}
			}
			splitSameAsCareful(t, dir, parsed, pkg)
		})
	}
}

// TestCodesPerContext checks that a small catalog's codes spread over
// every core, twice over, and a large one's are evaluated at most
// maxCodesPerContext to a context.
func TestCodesPerContext(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	for _, n := range []int{1, 10, 100, 300, 1000, 10000} {
		per := codesPerContext(n)
		contexts := (n + per - 1) / per
		if per < 16 || per > maxCodesPerContext {
			t.Errorf("%d codes: %d a context, want 16 to %d", n, per, maxCodesPerContext)
		}
		if want := min(2*procs, (n+15)/16); contexts < want {
			t.Errorf("%d codes: %d contexts of %d, want at least %d", n, contexts, per, want)
		}
	}
}
