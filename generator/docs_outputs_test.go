package generator_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
)

// TestDocsOutputs renders a catalog whose reference is in the per-code
// layout, with the catalog JSON and the llms index: every file is there,
// carries the catalog's notice, and the reference's directory is scanned
// for stale pages.
func TestDocsOutputs(t *testing.T) {
	dir := t.TempDir()
	cue := `package demo

name: "demo"
docs: base_url: "https://docs.example.com/errors"
outputs: {
	markdown: {layout: "per_code", dir: "docs", index: "README.md"}
	catalog: file: "out/errors.catalog.json"
	llms: file: "out/llms.txt"
}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: NOT_FOUND: {category: "not_found", title: "Not found", message: "not found"}
codes: GONE: {category: "not_found", title: "Gone", message: "gone", deprecated: use: "NOT_FOUND"}
`
	if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(cue), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := generator.Generate(dir, generator.Options{})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var got []string
	for _, f := range set.Files {
		rel, _ := filepath.Rel(dir, f.Path)
		got = append(got, filepath.ToSlash(rel))
		if owner, ok := files.Owner(f.Data); !ok || owner != "demo" {
			t.Errorf("%s does not carry the notice of catalog demo", rel)
		}
	}
	slices.Sort(got)
	want := []string{"docs/README.md", "docs/gone.md", "docs/not_found.md", "out/errors.catalog.json", "out/llms.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
	if !slices.ContainsFunc(set.Dirs, func(d files.Dir) bool { return d.Path == filepath.Join(dir, "docs") && d.Ext == ".md" }) {
		t.Errorf("the reference's directory is not scanned for stale pages: %q", set.Dirs)
	}
	for _, f := range set.Files {
		if strings.HasSuffix(f.Path, "llms.txt") && !strings.Contains(string(f.Data), "- [NOT_FOUND](https://docs.example.com/errors/not_found): ") {
			t.Errorf("llms.txt lacks the line of NOT_FOUND with its per-code docs URL:\n%s", f.Data)
		}
	}
}

// TestTemplatesAreInputs checks that the files of the template overrides'
// directory are inputs of the catalog's Set, which files.Plan never lets
// an output overwrite or take for stale.
func TestTemplatesAreInputs(t *testing.T) {
	dir := t.TempDir()
	cue := `package demo

name: "demo"
outputs: markdown: file: "ERRORS.md"
categories: internal: description: "The server failed."
codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}
`
	tmpl := filepath.Join(dir, "tmpl")
	if err := os.MkdirAll(tmpl, 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../templates/tiers.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"catalog.cue": []byte(cue), "tmpl/tiers.md.tmpl": src} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set, err := generator.Generate(dir, generator.Options{Templates: os.DirFS(tmpl), TemplatesDir: tmpl})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(tmpl, "tiers.md.tmpl")}; !slices.Equal(set.Inputs, want) {
		t.Errorf("Inputs = %q, want %q", set.Inputs, want)
	}
}
