package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth"
)

// TestFastSameAsCareful checks that the fast way decodes every valid
// catalog of the repository, and a synthetic one, as the careful way
// decodes the JSON it exports.
func TestFastSameAsCareful(t *testing.T) {
	dirs, _ := filepath.Glob("../../golden/testdata/*")
	dirs = append(dirs, "../../spec/agenttools", "../../spec/errspec")
	syn := t.TempDir()
	if err := synth.Write(syn, 30); err != nil {
		t.Fatal(err)
	}
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
		data, err := evaluate(dir, files).MarshalJSON()
		if err != nil {
			continue // a catalog the careful way rejects
		}
		var want model.Input
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		got, ok := exportFast(dir, files)
		if !ok {
			t.Errorf("%s: the fast way does not take it", dir)
			continue
		}
		n++
		if diff := cmp.Diff(&want, got); diff != "" {
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
