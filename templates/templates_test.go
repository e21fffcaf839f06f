package templates_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"

	"github.com/errspec/errspec/templates"
)

// TestDocumented checks that every template starts with a comment naming
// it and that the package doc lists it.
func TestDocumented(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "templates.go", nil, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	names, err := fs.Glob(templates.FS, "*")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no templates embedded")
	}
	for _, name := range names {
		src, err := fs.ReadFile(templates.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(src), "{{/*\n"+name+" ") {
			t.Errorf("%s does not start with a {{/* comment */}} that names it", name)
		}
		if !strings.Contains(doc, "\t"+name+" ") {
			t.Errorf("the package doc does not list %s", name)
		}
	}
}
