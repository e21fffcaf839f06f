package mdgen_test

import (
	"io/fs"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
	"github.com/errspec/errspec/templates"
)

// eachRE matches a call of each that is an action of its own, with its
// trim markers.
var eachRE = regexp.MustCompile(`\{\{(- )?each ("[^"]*") ([^{}]*?)( -)?\}\}`)

// rangeOverrides returns overrides of the embedded templates that call
// each, with every such call written as the range it stands for.
func rangeOverrides(t *testing.T) fstest.MapFS {
	t.Helper()
	overrides := fstest.MapFS{}
	for _, name := range mdgen.Names() {
		src, err := fs.ReadFile(templates.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		if eachRE.Match(src) {
			overrides[name] = &fstest.MapFile{Data: eachRE.ReplaceAll(src, []byte(`{{${1}range $3}}{{template $2 .}}{{end$4}}`))}
		}
	}
	if len(overrides) == 0 {
		t.Fatal("no embedded template calls each")
	}
	return overrides
}

// TestEachMatchesRange renders a synthetic catalog and checks that the
// reference is the same bytes as with templates that write every list
// with range, as an override written before each existed does. It checks
// both layouts.
func TestEachMatchesRange(t *testing.T) {
	dir := synthtest.Dir(t, 300)
	c, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	cat := c.Model
	overrides := rangeOverrides(t)

	want, err := mdgen.Render(cat, notice, overrides)
	if err != nil {
		t.Fatalf("Render with range: %v", err)
	}
	got, err := mdgen.Render(cat, notice, nil)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("Render with each and with range differ (-range +each):\n%s", diff)
	}

	perCode := *cat
	perCode.Outputs.Markdown, perCode.Outputs.MarkdownDir, perCode.Outputs.MarkdownIndex = "", "docs", "index.md"
	if perCode.Layout() != model.LayoutPerCode {
		t.Fatal("the copy of the catalog is not in the per-code layout")
	}
	wantPages, err := mdgen.RenderPerCode(&perCode, notice, overrides)
	if err != nil {
		t.Fatalf("RenderPerCode with range: %v", err)
	}
	gotPages, err := mdgen.RenderPerCode(&perCode, notice, nil)
	if err != nil {
		t.Fatalf("RenderPerCode: %v", err)
	}
	if len(gotPages) != len(cat.Codes)+1 {
		t.Fatalf("RenderPerCode gave %d pages for %d codes", len(gotPages), len(cat.Codes))
	}
	if diff := cmp.Diff(wantPages, gotPages); diff != "" {
		t.Errorf("RenderPerCode with each and with range differ (-range +each):\n%s", diff)
	}
}

// TestEachErrors checks what each reports when it cannot render a list.
func TestEachErrors(t *testing.T) {
	cat := loadExample(t)
	for _, tt := range []struct{ name, src, want string }{
		{"unknown template", `{{each "nothing" .Codes}}`, `each: no template "nothing"`},
		{"not a list", `{{each "code.md.tmpl" .Title}}`, "each: cannot range over a string"},
		{"failing element", "{{define \"x\"}}{{.Summary}}{{end}}{{each \"x\" .Codes}}", "can't evaluate field Summary"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mdgen.Render(cat, notice, fstest.MapFS{"reference.md.tmpl": {Data: []byte(tt.src)}})
			if err == nil {
				t.Fatal("Render succeeded")
			}
			if !regexp.MustCompile(regexp.QuoteMeta(tt.want)).MatchString(err.Error()) {
				t.Errorf("error %q lacks %q", err, tt.want)
			}
		})
	}
}
