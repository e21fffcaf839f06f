package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/catalogjson"
	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/generator/load"
)

const explainCatalog = `package demo

name: "demo"
docs: base_url: "https://docs.example.com/errors"
outputs: markdown: file: "ERRORS.md"
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: NOT_FOUND: {category: "not_found", title: "Not found", message: "{what} not found", params: what: type: "string"}
codes: NOT_ALLOWED: {category: "not_found", title: "Not allowed", message: "no"}
`

func TestExplain(t *testing.T) {
	project(t, explainCatalog)
	for _, args := range [][]string{
		{"explain", "NOT_FOUND"},
		{"explain", "not_found"},
		{"explain", "--dir", ".", "NOT_FOUND"},
		{"explain", "NOT_FOUND", "--dir", "./..."},
		{"explain", "\x1b[1mNOT_FOUND\x1b[0m\r\n"}, // pasted from a terminal
	} {
		code, out, errOut := errspec(args...)
		if code != cli.ExitOK {
			t.Errorf("errspec %q exited %d: %s", args, code, errOut)
			continue
		}
		for _, want := range []string{"NOT_FOUND: Not found\n", "404 Not Found", "https://docs.example.com/errors#not_found", "{what} not found"} {
			if !strings.Contains(out, want) {
				t.Errorf("errspec %q lacks %q:\n%s", args, want, out)
			}
		}
	}
}

func TestExplainJSON(t *testing.T) {
	dir := project(t, explainCatalog)
	code, out, errOut := errspec("explain", "--format", "json", "NOT_FOUND")
	if code != cli.ExitOK {
		t.Fatalf("exited %d: %s", code, errOut)
	}
	var got catalogjson.Code
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not a code's JSON: %v\n%s", err, out)
	}
	c, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := catalogjson.CodeOf(c.Model, c.Model.Code("NOT_FOUND"))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("explain --format json (-want +got):\n%s", diff)
	}
}

func TestExplainErrors(t *testing.T) {
	project(t, explainCatalog)
	tests := []struct {
		name string
		args []string
		want []string // substrings of stderr
	}{
		{"unknown", []string{"explain", "NOT_FOUNT"}, []string{"no code NOT_FOUNT in catalog demo (.)", "did you mean NOT_FOUND"}},
		{"far", []string{"explain", "QUITE_DIFFERENT_THING"}, []string{"no code QUITE_DIFFERENT_THING", "did you mean NOT_ALLOWED or NOT_FOUND?"}},
		{"no code", []string{"explain"}, []string{"errspec explain takes one code, not 0", "such as errspec explain NOT_ALLOWED"}},
		{"an empty code", []string{"explain", " \u200b"}, []string{`errspec explain takes a code, and " \u200b" holds none`, "such as errspec explain NOT_ALLOWED"}},
		{"pasted", []string{"explain", "NOT_FOUNT\x07\t"}, []string{"no code NOT_FOUNT in catalog demo (.)", "did you mean NOT_FOUND"}},
		{"two codes", []string{"explain", "A", "B"}, []string{"takes one code, not 2"}},
		{"format", []string{"explain", "--format", "yaml", "NOT_FOUND"}, []string{"--format must be text or json"}},
		{"no catalog", []string{"explain", "--dir", "missing", "NOT_FOUND"}, []string{"missing"}},
		{"bad flag", []string{"explain", "--bogus", "NOT_FOUND"}, []string{"flag provided but not defined"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := errspec(tt.args...)
			if code != cli.ExitInvalid {
				t.Errorf("exited %d, want %d; stdout:\n%s", code, cli.ExitInvalid, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}

	// With --format json, the error is a JSON object of errspec's own
	// catalog.
	code, _, errOut := errspec("explain", "--format", "json", "NOT_FOUNT")
	var d struct {
		Code       string `json:"code"`
		Suggestion string `json:"suggestion"`
		Details    struct {
			Candidates []string `json:"candidates"`
		} `json:"details"`
	}
	if code != cli.ExitInvalid || json.Unmarshal([]byte(errOut), &d) != nil || d.Code != "UNKNOWN_CODE" ||
		d.Suggestion != "did you mean NOT_FOUND?" || len(d.Details.Candidates) != 1 {
		t.Errorf("explain --format json of an unknown code: exit %d, stderr %q", code, errOut)
	}
}

func TestExplainAmbiguous(t *testing.T) {
	dir := project(t, explainCatalog)
	other := filepath.Join(dir, "other")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "c.cue"), []byte(strings.ReplaceAll(explainCatalog, `"demo"`, `"other"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := errspec("explain", "NOT_FOUND")
	if code != cli.ExitInvalid || !strings.Contains(errOut, "NOT_FOUND matches more than one code") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// The fix gives a command line that explains one of them.
	_, command, ok := strings.Cut(strings.TrimSpace(errOut), "as it is spelt: ")
	if args := strings.Fields(command); !ok || len(args) != 5 || args[0] != "errspec" {
		t.Errorf("the fix gives no command line: %q", errOut)
	} else if code, out, errOut := errspec(args[1:]...); code != cli.ExitOK || !strings.HasPrefix(out, "NOT_FOUND: ") {
		t.Errorf("%s: exit %d, stdout %q, stderr %q", command, code, out, errOut)
	}
	code, out, errOut := errspec("explain", "--dir", "other", "NOT_FOUND")
	if code != cli.ExitOK || !strings.HasPrefix(out, "NOT_FOUND: ") {
		t.Errorf("with --dir: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
