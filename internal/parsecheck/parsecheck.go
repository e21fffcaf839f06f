// Package parsecheck puts a differential test into a generated package of
// a temporary module: on mutations of the catalog's examples, the
// generated Parse must accept exactly what the catalog's JSON Schema, in
// the catalog's mode, accepts, and what its constructors build from
// hostile params must marshal to JSON the schema accepts (see
// check.go.txt).
package parsecheck

import (
	_ "embed"
	"strings"
	"testing"

	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/generator/schemagen"
	"github.com/errspec/errspec/internal/gomodtest"
)

//go:embed check.go.txt
var check string

// Module makes a temporary module for generated packages that get the
// check: it requires the JSON Schema validator the check uses.
func Module(t testing.TB, path string) *gomodtest.Module {
	return gomodtest.New(t, path, nil, "\nrequire "+gomodtest.Requirement(t, "github.com/santhosh-tekuri/jsonschema/v6")+"\n")
}

// Write puts the check into the package of name pkg at dir, a
// slash-separated path in m, for the catalog in catalogDir, which must
// have examples (their test defines the examples the check mutates).
func Write(t testing.TB, m *gomodtest.Module, dir, pkg, catalogDir string) {
	t.Helper()
	cat, err := load.Dir(catalogDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{model.SchemaExact, model.SchemaCompatible} {
		s, err := schemagen.BuildMode(cat.Model, "", mode)
		if err != nil {
			t.Fatal(err)
		}
		m.Write(dir+"/parse_schema_"+mode+".json", string(s.JSON()))
	}
	m.Write(dir+"/zz_parse_schema_test.go", strings.Replace(check, "package PACKAGE", "package "+pkg, 1))
}
