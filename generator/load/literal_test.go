package load

import (
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// bothWays evaluates a file of codes as evaluateCodes does and decodes
// them both ways: as CUE exports them, and from their syntax. valid is
// false when CUE finds them invalid or not concrete.
func bothWays(t *testing.T, f *ast.File) (exported, literal []model.Entry[model.InputCode], ok, valid bool) {
	t.Helper()
	sch := fastSchema()
	v, err := buildWrapped([]*ast.File{f}, f.PackageName(), sch, nil)
	if err != nil {
		return nil, nil, false, false
	}
	codes := v.LookupPath(cue.MakePath(cue.Str("codes")))
	if codes.Validate(cue.Concrete(true)) != nil {
		return nil, nil, false, false
	}
	exported, err = decodeCodes(codes)
	if err != nil {
		t.Fatalf("%s: exporting the codes: %v", f.Filename, err)
	}
	literal, ok = literalCodes(f)
	return exported, literal, ok, true
}

// TestLiteralCodesSameAsExport checks that the codes of every catalog of
// the repository, and of a synthetic one, decode from their syntax as
// from what CUE exports, file of codes by file of codes, and that those
// written as plain data do take that way.
func TestLiteralCodesSameAsExport(t *testing.T) {
	dirs, _ := filepath.Glob("../../golden/testdata/*")
	dirs = append(dirs, "../../spec/agenttools", synthtest.Dir(t, 300))
	plain := map[string]bool{"hostile_strings": true, "param_types": true, "agenttools": true, filepath.Base(dirs[len(dirs)-1]): true}
	sch := fastSchema()
	for _, dir := range dirs {
		if strings.HasPrefix(filepath.Base(dir), "reject_") {
			continue
		}
		parsed, pkg := parseAll(t, dir)
		chunks, took := 0, 0
		for _, f := range parsed {
			codes, _, ok := splitFile(f, sch, map[string]int{})
			if !ok || codes == nil {
				continue
			}
			files, _ := chunkCodes(codes, pkg, maxCodesPerContext)
			for _, cf := range files {
				exported, literal, ok, valid := bothWays(t, cf)
				if !valid {
					continue
				}
				chunks++
				if !ok {
					continue
				}
				took++
				if diff := cmp.Diff(exported, literal); diff != "" {
					t.Errorf("%s: the codes of %s decode from their syntax otherwise (-exported +literal):\n%s", dir, cf.Filename, diff)
				}
			}
		}
		if plain[filepath.Base(dir)] && (chunks == 0 || took != chunks) {
			t.Errorf("%s: %d of %d files of codes decode from their syntax, want all", dir, took, chunks)
		}
	}
}

// literalCases are codes as a catalog may write them: plain data, which
// decodes from its syntax, and not, which CUE exports.
var literalCases = []struct {
	name, codes string
	plain       bool
}{
	{"numbers", `A: {category: "c", title: "T", message: "m", retry_after: 0, http_status: 409, examples: [{params: {n: 3, f: 1.50, g: 0.0000001, h: 100.0, i: -2, j: -0.25, k: 12345678901234567890}, json: {code: "A"}}]}`, true},
	{"strings", `A: {category: "c", title: "T <&> \u00e9\t\"q\"", message: "m \u2028 \\ /", description: """
		Two lines,
		  indented.
		""", examples: [{json: {code: #"A\n"#, "quoted key": "\u0001", "$code": "x"}}]}`, true},
	{"nesting", `A: {category: "c", title: "T", message: "m", examples: [{params: {l: [[1, 2], [], [{a: null, b: true, c: false}]], o: {}}, json: {z: 1, a: 2, m: {y: 1, b: 2}}}]}`, true},
	{"shorthand", `A: {category: "c", title: "T", message: "m", params: x: type: "string"}`, true},
	{"code written twice", `A: {category: "c", title: "T"}
	A: {message: "m"}`, false},
	{"two files' worth", `B: {category: "c", title: "T", message: "m"}, A: {category: "c", title: "T", message: "m"}`, true},
	{"comments", `A: {
		// The category.
		category: "c" // trailing
		title: "T", message: "m"
	}`, true},
	{"attribute", `A: {category: "c" @go(Cat), title: "T", message: "m"}`, true},
	{"underscore number", `A: {category: "c", title: "T", message: "m", http_status: 4_09}`, false},
	{"exponent", `A: {category: "c", title: "T", message: "m", examples: [{json: {n: 1e3}}]}`, false},
	{"multiplier", `A: {category: "c", title: "T", message: "m", examples: [{json: {n: 1Ki}}]}`, false},
	{"negative zero", `A: {category: "c", title: "T", message: "m", examples: [{json: {n: -0}}]}`, false},
	{"interpolation", `A: {category: "c", title: "T\(1)", message: "m"}`, false},
	{"expression", `A: {category: "c", title: "T" + "U", message: "m"}`, false},
	{"default", `A: {category: "c", title: "T", message: "m", retryable: *true | false}`, false},
	{"optional field", `A: {category: "c", title: "T", message: "m", description?: "d"}`, false},
	{"hidden field", `A: {category: "c", title: "T", message: "m", _note: "n"}`, false},
	{"bytes", `A: {category: "c", title: "T", message: "m", examples: [{json: {b: 'x'}}]}`, false},
	{"twice in a struct", `A: {category: "c", title: "T", message: "m", title: "T"}`, false},
	{"open list", `A: {category: "c", title: "T", message: "m", examples: [{json: {l: [1, ...]}}]}`, false},
	{"embedding", `A: {{category: "c"}, title: "T", message: "m"}`, false},
}

func TestLiteralCodes(t *testing.T) {
	for _, c := range literalCases {
		t.Run(c.name, func(t *testing.T) {
			src := "package x\n\ncodes: {\n" + c.codes + "\n}\n"
			f, err := parser.ParseFile("codes.cue", src)
			if err != nil {
				t.Fatal(err)
			}
			exported, literal, ok, valid := bothWays(t, f)
			if !valid {
				t.Fatalf("CUE rejects the codes:\n%s", src)
			}
			if ok != c.plain {
				t.Fatalf("decoded from the syntax: %v, want %v", ok, c.plain)
			}
			if diff := cmp.Diff(exported, literal); ok && diff != "" {
				t.Errorf("the codes decode from their syntax otherwise (-exported +literal):\n%s", diff)
			}
		})
	}
}

// FuzzLiteralCodes checks that codes CUE finds valid decode from their
// syntax, when they are plain data, as CUE exports them.
func FuzzLiteralCodes(f *testing.F) {
	for _, c := range literalCases {
		f.Add(c.codes)
	}
	f.Fuzz(func(t *testing.T, codes string) {
		src := "package x\n\ncodes: {\n" + codes + "\n}\n"
		file, err := parser.ParseFile("codes.cue", src)
		if err != nil || !plainCodes(file.Decls[1].(*ast.Field)) {
			return
		}
		exported, literal, ok, valid := bothWays(t, file)
		if !valid || !ok {
			return
		}
		if diff := cmp.Diff(exported, literal); diff != "" {
			t.Errorf("the codes decode from their syntax otherwise (-exported +literal):\n%s\n--- codes:\n%s", diff, codes)
		}
	})
}
