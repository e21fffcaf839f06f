package golden

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generated/agenttools"
	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/cli"
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

// readmeBlock returns the first code block of lang in readme after
// heading, and what follows the block.
func readmeBlock(t *testing.T, readme, heading, lang string) (block, rest string) {
	t.Helper()
	_, after, ok := strings.Cut(readme, heading)
	if !ok {
		t.Fatalf("the README has no %q", heading)
	}
	_, after, ok = strings.Cut(after, "\n```"+lang+"\n")
	block, rest, closed := strings.Cut(after, "\n```\n")
	if !ok || !closed {
		t.Fatalf("the README has no %s block after %q", lang, heading)
	}
	return block + "\n", rest
}

// TestReadmeCatalogExample checks the README's first example as a reader
// would: its catalog, saved as spec/agenttools/catalog.cue, generates the
// constructor the README shows, the error the README shows marshals as it
// says, and the catalog with its code's title misspelt is rejected with
// the README's text.
func TestReadmeCatalogExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	const heading = "## A catalog and what it produces"
	catalog, rest := readmeBlock(t, readme, heading, "cue")
	goBlock, rest := readmeBlock(t, rest, "", "go")
	jsonBlock, _ := readmeBlock(t, rest, "", "json")

	root := t.TempDir()
	dir := filepath.Join(root, "spec", "agenttools")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "catalog.cue")
	if err := os.WriteFile(file, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	set, err := generator.Generate("spec/agenttools", generator.Options{})
	if err != nil {
		t.Fatalf("the README's catalog: %v", err)
	}
	var code string
	for _, f := range set.Files {
		if filepath.Base(f.Path) == "errors.go" {
			code = string(f.Data)
		}
	}
	// The constructor: its doc comment and signature, as the README shows them.
	decl, _, _ := strings.Cut(goBlock, "\n\n")
	if sig := strings.TrimSpace(decl); !strings.Contains(code, sig+" {") {
		t.Errorf("the README shows\n%s\nwhich the generated errors.go does not hold", sig)
	}
	// The JSON, for the catalog's whole example that generated/agenttools holds.
	b, err := json.Marshal(agenttools.NewRateLimited(600, "minute", 17))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), strings.ReplaceAll(strings.TrimSpace(jsonBlock), "\n ", ""); got != want {
		t.Errorf("the README's JSON of NewRateLimited(600, \"minute\", 17):\n%s\nMarshal gives\n%s", want, got)
	}

	// The misspelt title, and the README's text of its rejection.
	misspelt := strings.Replace(catalog, "\ttitle:", "\ttitel:", 1)
	if misspelt == catalog {
		t.Fatal("the README's catalog has no code title to misspell")
	}
	if err := os.WriteFile(file, []byte(misspelt), 0o644); err != nil {
		t.Fatal(err)
	}
	const intro = "with its code's `title` misspelt, gives:\n\n```\n"
	_, after, ok := strings.Cut(readme, intro)
	want, _, closed := strings.Cut(after, "```\n")
	if !ok || !closed {
		t.Fatalf("the README has no block after %q", intro)
	}
	var stderr bytes.Buffer
	if code := cli.Main([]string{"generate", "spec/agenttools"}, new(bytes.Buffer), &stderr); code != cli.ExitInvalid {
		t.Errorf("errspec generate spec/agenttools with title misspelt exited %d, want %d", code, cli.ExitInvalid)
	}
	if diff := cmp.Diff(want, stderr.String()); diff != "" {
		t.Errorf("the README's text for a misspelt title (-README +errspec):\n%s", diff)
	}
}
