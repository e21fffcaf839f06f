package golden

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"github.com/errspec/errspec/spec"
)

// TestReadmeDocumentsFields checks that the README's table of the catalog
// names every field the schema allows in a category, a code and a param,
// in the row of each, so that no field is known only to the schema.
func TestReadmeDocumentsFields(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	schema := cuecontext.New().CompileBytes(spec.Schema)
	if err := schema.Err(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ def, row string }{
		{"#Category", "categories.NAME"},
		{"#Code", "codes.NAME"},
		{"#Param", "params.NAME"},
	} {
		m := regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(tc.row) + "` \\| (.*) \\|$").FindSubmatch(data)
		if m == nil {
			t.Errorf("the README's catalog table has no row for %s", tc.row)
			continue
		}
		row := string(m[1])
		it, err := schema.LookupPath(cue.ParsePath(tc.def)).Fields(cue.Optional(true))
		if err != nil {
			t.Fatal(err)
		}
		for it.Next() {
			name := strings.TrimRight(it.Selector().String(), "?!")
			// A field shows as `name`, or as `name: value` or `name.sub`.
			if !regexp.MustCompile("`" + regexp.QuoteMeta(name) + "[`:. ]").MatchString(row) {
				t.Errorf("the README's row for %s does not name the field %s of %s", tc.row, name, tc.def)
			}
		}
	}
}
