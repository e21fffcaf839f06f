package cli_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/internal/gomodtest"
)

const catalog = `package demo

name: "demo"
outputs: {
	go: {dir: "out", package: "demo"}
	markdown: file:   "out/ERRORS.md"
	jsonschema: file: "out/errors.schema.json"
}
categories: internal: {description: "The server failed.", retryable: true}
codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}
`

// project writes a directory holding the catalog and returns it; the test
// runs inside it, as a user runs errspec in their module.
func project(t *testing.T, cue string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(cue), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return dir
}

func errspec(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = cli.Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGenerateThenCheck(t *testing.T) {
	project(t, catalog)
	code, out, errOut := errspec("-v")
	if code != cli.ExitOK {
		t.Fatalf("generate exited %d: %s", code, errOut)
	}
	want := "created out/ERRORS.md\ncreated out/errors.go\ncreated out/errors.schema.json\n"
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("generate output (-want +got):\n%s", diff)
	}
	st, _ := os.Stat("out/errors.go")

	// A second run has nothing to do and touches nothing.
	code, out, _ = errspec("generate", ".")
	if code != cli.ExitOK || out != "" {
		t.Errorf("second generate: exit %d, output %q; want 0 and nothing", code, out)
	}
	if st2, _ := os.Stat("out/errors.go"); !st2.ModTime().Equal(st.ModTime()) {
		t.Error("an unchanged file was rewritten")
	}
	if code, out, errOut := errspec("check"); code != cli.ExitOK {
		t.Errorf("check of fresh outputs exited %d:\n%s%s", code, out, errOut)
	}
}

func TestCheckFindsDrift(t *testing.T) {
	project(t, catalog)
	if code, _, errOut := errspec(); code != cli.ExitOK {
		t.Fatal(errOut)
	}
	f, err := os.OpenFile("out/errors.go", os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("// edited by hand\n")
	f.Close()
	if err := os.Remove("out/ERRORS.md"); err != nil {
		t.Fatal(err)
	}
	code, out, _ := errspec("check")
	if code != cli.ExitDrift {
		t.Fatalf("check exited %d, want %d", code, cli.ExitDrift)
	}
	for _, want := range []string{
		"--- a/out/errors.go\n+++ b/out/errors.go\n",
		"-// edited by hand\n",
		"  missing: out/ERRORS.md (",
		"  changed: out/errors.go\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
	// A missing file is named, not printed whole.
	if strings.Contains(out, "+++ b/out/ERRORS.md") {
		t.Errorf("check output diffs the missing out/ERRORS.md whole:\n%s", out)
	}
	// check wrote nothing.
	if _, err := os.Stat("out/ERRORS.md"); !os.IsNotExist(err) {
		t.Error("check wrote a file")
	}
}

func TestStaleFileRemoved(t *testing.T) {
	project(t, catalog)
	if code, _, errOut := errspec(); code != cli.ExitOK {
		t.Fatal(errOut)
	}
	// A file this catalog generated earlier, and a hand-written one.
	old, _ := os.ReadFile("out/errors.go")
	os.WriteFile("out/old.go", old, 0o644)
	os.WriteFile("out/mine.go", []byte("package demo\n"), 0o644)
	if code, _, _ := errspec("check"); code != cli.ExitDrift {
		t.Errorf("check with a stale file exited %d, want %d", code, cli.ExitDrift)
	}
	code, out, errOut := errspec("generate", "-v")
	if code != cli.ExitOK {
		t.Fatal(errOut)
	}
	if diff := cmp.Diff("stale out/old.go\n", out); diff != "" {
		t.Errorf("generate output (-want +got):\n%s", diff)
	}
	if _, err := os.Stat("out/mine.go"); err != nil {
		t.Error("a hand-written file was removed")
	}
}

func TestRefusesToOverwriteForeignFile(t *testing.T) {
	project(t, catalog)
	os.MkdirAll("out", 0o755)
	os.WriteFile("out/errors.go", []byte("package demo // mine\n"), 0o644)
	code, _, errOut := errspec()
	if code != cli.ExitInvalid {
		t.Fatalf("exit %d, want %d", code, cli.ExitInvalid)
	}
	if !strings.Contains(errOut, "out/errors.go") {
		t.Errorf("error does not name the file: %s", errOut)
	}
	if data, _ := os.ReadFile("out/errors.go"); string(data) != "package demo // mine\n" {
		t.Error("the hand-written file was overwritten")
	}
	if _, err := os.Stat("out/ERRORS.md"); !os.IsNotExist(err) {
		t.Error("other outputs were written although one was refused")
	}
}

// TestRefusalWritesNoCatalog checks that when one of several catalogs
// would overwrite a file it does not own, no catalog's outputs are
// written.
func TestRefusalWritesNoCatalog(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, name := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(name, "out"), 0o755)
		src := strings.ReplaceAll(catalog, `name: "demo"`, `name: "`+name+`"`)
		if err := os.WriteFile(filepath.Join(name, "catalog.cue"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile("b/out/errors.go", []byte("package demo // mine\n"), 0o644)
	code, _, errOut := errspec("generate", "./...")
	if code != cli.ExitInvalid {
		t.Fatalf("exit %d, want %d: %s", code, cli.ExitInvalid, errOut)
	}
	if !strings.Contains(errOut, "b/out/errors.go") {
		t.Errorf("error does not name the file: %s", errOut)
	}
	if entries, _ := os.ReadDir("a/out"); len(entries) > 0 {
		t.Errorf("catalog a's outputs were written although catalog b's were refused: %v", entries)
	}
}

func TestInvalidCatalog(t *testing.T) {
	tests := []struct {
		name, cue string
		want      *regexp.Regexp
	}{
		{"misspelt field", strings.Replace(catalog, "title:", "titel:", 1),
			regexp.MustCompile(`(?m)^errspec: catalog\.cue:10:\d+: codes\.INTERNAL\.titel: field not allowed\n\tfix: did you mean title\?`)},
		{"syntax error", strings.Replace(catalog, `"Something went wrong"`, `"Something went wrong`, 1),
			regexp.MustCompile(`^errspec: catalog\.cue:10:\d+: string literal not terminated`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			project(t, tt.cue)
			code, out, errOut := errspec("check", ".")
			if code != cli.ExitInvalid {
				t.Errorf("exit %d, want %d", code, cli.ExitInvalid)
			}
			if !tt.want.MatchString(errOut) {
				t.Errorf("stderr %q does not match %s", errOut, tt.want)
			}
			if out != "" {
				t.Errorf("stdout not empty: %q", out)
			}
		})
	}
}

// jsonDiagnostic is a line errspec writes to stderr with --format json,
// as a tool that reads it decodes it.
type jsonDiagnostic struct {
	Code     string `json:"code"`
	Position struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
	} `json:"position"`
	Path       string `json:"path"`
	Message    string `json:"message"`
	Suggestion string `json:"suggestion"`
}

func TestFormatJSON(t *testing.T) {
	project(t, strings.Replace(strings.Replace(catalog, "title:", "titel:", 1), `"internal", title`, `"internl", title`, 1))
	code, _, errOut := errspec("--format", "json")
	if code != cli.ExitInvalid {
		t.Fatalf("exit %d, want %d", code, cli.ExitInvalid)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	for _, line := range lines {
		var d jsonDiagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("not a JSON object per line: %q: %v", line, err)
		}
		if d.Code != "CATALOG_SCHEMA" || d.Position.File != "catalog.cue" || d.Position.Line == 0 || d.Position.Column == 0 ||
			d.Path == "" || d.Message == "" || d.Suggestion == "" {
			t.Errorf("incomplete diagnostic: %+v", d)
		}
	}
}

// TestFormatJSONStages checks that the problems of the checks of the codes,
// reported beside the schema's, carry the code of their own stage.
func TestFormatJSONStages(t *testing.T) {
	project(t, `package pay

name: "pay"
outputs: markdown: file: "ERRORS.md"
categories: payment: description: "The payment could not be made."
codes: A: {category: "payment", title: "A", message: "A", retryable: "no"}
codes: B: {category: "payment", title: "B", message: "B {nope}"}
`)
	code, _, errOut := errspec("--format", "json")
	if code != cli.ExitInvalid {
		t.Fatalf("exit %d, want %d", code, cli.ExitInvalid)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
		var d jsonDiagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("not a JSON object per line: %q: %v", line, err)
		}
		got = append(got, fmt.Sprintf("%s %d:%d %s", d.Code, d.Position.Line, d.Position.Column, d.Path))
	}
	want := []string{"CATALOG_SCHEMA 6:70 codes.A.retryable", "CATALOG_INVALID 7:57 codes.B.message"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

func TestUsage(t *testing.T) {
	if code, out, _ := errspec("help"); code != cli.ExitOK || !strings.Contains(out, "Exit codes") {
		t.Errorf("help: exit %d, output %q", code, out)
	}
	if code, _, errOut := errspec("--nope"); code != cli.ExitInvalid || !strings.Contains(errOut, "usage: errspec [generate]") {
		t.Errorf("bad flag: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := errspec("--format", "yaml"); code != cli.ExitInvalid || !strings.Contains(errOut, "--format") {
		t.Errorf("bad format: exit %d, stderr %q", code, errOut)
	}
	t.Chdir(t.TempDir())
	if code, _, errOut := errspec(); code != cli.ExitInvalid || !strings.Contains(errOut, "no catalog found") {
		t.Errorf("no catalog: exit %d, stderr %q", code, errOut)
	}
}

// TestProblemsAreErrspecErrors checks that --format json gives each kind
// of problem as an error of errspec's own catalog, with its code.
func TestProblemsAreErrspecErrors(t *testing.T) {
	codeOf := func(stderr string) []string {
		var codes []string
		for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
			var d struct {
				Code string `json:"code"`
			}
			if err := json.Unmarshal([]byte(line), &d); err != nil {
				t.Fatalf("not JSON: %q", line)
			}
			codes = append(codes, d.Code)
		}
		return codes
	}
	project(t, catalog)
	if code, _, errOut := errspec(); code != cli.ExitOK {
		t.Fatal(errOut)
	}
	os.WriteFile("out/errors.go", []byte("package demo // edited\n"), 0o644)
	code, _, errOut := errspec("check", "--format", "json")
	if code != cli.ExitInvalid || !cmp.Equal(codeOf(errOut), []string{"OUTPUT_FOREIGN"}) {
		t.Errorf("a foreign file: exit %d, %s", code, errOut)
	}
	os.Remove("out/errors.go")
	code, _, errOut = errspec("check", "--format", "json")
	if code != cli.ExitDrift || !cmp.Equal(codeOf(errOut), []string{"DRIFT"}) || !strings.Contains(errOut, `"missing":["out/errors.go"]`) {
		t.Errorf("drift: exit %d, %s", code, errOut)
	}
	if _, _, errOut := errspec(); errOut != "" {
		t.Fatal(errOut)
	}
	data, _ := os.ReadFile("out/errors.go")
	os.WriteFile("out/errors.go", bytes.Replace(data, []byte("Code identifies"), []byte("Code names"), 1), 0o644)
	code, out, errOut := errspec("check", "--format", "json")
	if code != cli.ExitDrift || !cmp.Equal(codeOf(errOut), []string{"DRIFT"}) || !strings.Contains(errOut, `"changed":["out/errors.go"]`) {
		t.Errorf("drift: exit %d, %s", code, errOut)
	}
	// The diff is in the problem, where a program reads it; standard
	// output holds no text between the JSON objects of other commands.
	var drift struct {
		Details struct {
			Diff string `json:"diff"`
		} `json:"details"`
	}
	if json.Unmarshal([]byte(errOut), &drift); out != "" || !strings.HasPrefix(drift.Details.Diff, "--- a/out/errors.go\n+++ b/out/errors.go\n") {
		t.Errorf("drift: stdout %q, details.diff %q, want the diff in details.diff alone", out, drift.Details.Diff)
	}
	code, _, errOut = errspec("--format", "json", "--templates", "nowhere")
	if code != cli.ExitInvalid || !cmp.Equal(codeOf(errOut), []string{"USAGE"}) {
		t.Errorf("bad --templates: exit %d, %s", code, errOut)
	}
	os.WriteFile("catalog.cue", []byte("package demo\nname: \"demo\n"), 0o644)
	code, _, errOut = errspec("--format", "json")
	if code != cli.ExitInvalid || !cmp.Equal(codeOf(errOut), []string{"CATALOG_SYNTAX"}) {
		t.Errorf("a syntax error: exit %d, %s", code, errOut)
	}
}

// TestUsageProblemsAsJSON checks that a command line errspec cannot take
// (a flag it does not know, wherever --format json stands, or a command
// it does not have) is reported as JSON when it asks for --format json,
// and for a person otherwise.
func TestUsageProblemsAsJSON(t *testing.T) {
	project(t, catalog)
	for _, args := range [][]string{
		{"--format", "json", "--bogus"},
		{"--bogus", "--format=json"},
		{"lint", "--format", "json", "-x"},
		{"breaking", "-bogus", "-format", "json"},
		{"version", "--bogus", "--format", "text", "--format", "json"},
		{"bogus", "--format", "json"},
		// A directory named that is not there, or is a file, is a bad
		// command line, as a pattern of one is.
		{"lint", "--format", "json", "nosuch"},
		{"check", "nosuch/...", "--format", "json"},
		{"explain", "--dir", "nosuch", "--format", "json", "X"},
		{"generate", "--format", "json", "catalog.cue"},
	} {
		code, out, errOut := errspec(args...)
		var d struct {
			Code       string `json:"code"`
			Suggestion string `json:"suggestion"`
		}
		if err := json.Unmarshal([]byte(errOut), &d); err != nil || d.Code != "USAGE" || d.Suggestion == "" || code != cli.ExitInvalid || out != "" {
			t.Errorf("errspec %s: exit %d, stdout %q, stderr %q, want one USAGE object", strings.Join(args, " "), code, out, errOut)
		}
	}
	for _, args := range [][]string{
		{"--bogus", "--format", "text"},
		{"--format", "json", "--format", "text", "--bogus"},
		{"lint", "--bogus", "--", "--format", "json"},
	} {
		if _, _, errOut := errspec(args...); !strings.HasPrefix(errOut, "errspec: ") {
			t.Errorf("errspec %s: stderr %q, want text", strings.Join(args, " "), errOut)
		}
	}
}

// TestWarningAsJSON checks that with --format json a warning, which does
// not fail the run, is an error of errspec's catalog, at its position,
// as a problem is: a tool that reads each line as one reads it too.
func TestWarningAsJSON(t *testing.T) {
	big := strings.Replace(catalog, `message: "Something went wrong"`,
		`message: "Something went wrong", description: "`+strings.Repeat("word ", 100_000)+`"`, 1)
	project(t, big)
	code, out, errOut := errspec("--format", "json")
	if code != cli.ExitOK || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	e, err := diagnostics.Parse([]byte(errOut))
	if err != nil {
		t.Fatalf("the warning is not an error of errspec's catalog: %v: %s", err, errOut)
	}
	p, ok := e.Params.(*diagnostics.ReferenceTooLargeParams)
	if e.Code != diagnostics.CodeReferenceTooLarge || e.Category() != diagnostics.CategoryWarning || !ok ||
		p.File != "catalog.cue" || p.Line != 6 || p.Column != 12 || p.Path != "outputs.markdown" || e.Suggestion == "" {
		t.Errorf("warning: %s", errOut)
	}
}

// TestRunLeavesCollectorAsItWas checks that a run, which renders each
// catalog with the collector tuned, leaves its settings as they were.
func TestRunLeavesCollectorAsItWas(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	project(t, catalog)
	percent := debug.SetGCPercent(150)
	defer debug.SetGCPercent(percent)
	limit := debug.SetMemoryLimit(-1)
	for _, cmd := range []string{"generate", "check"} {
		if code, _, errOut := errspec(cmd); code != cli.ExitOK {
			t.Fatalf("%s exited %d: %s", cmd, code, errOut)
		}
		if p := debug.SetGCPercent(150); p != 150 {
			t.Errorf("after %s: GC percent %d, want 150", cmd, p)
		}
		if l := debug.SetMemoryLimit(-1); l != limit {
			t.Errorf("after %s: memory limit %d, want %d", cmd, l, limit)
		}
	}
}

// TestOutputRejectedAtPosition checks that an output that cannot go where
// the catalog asks is a problem of the catalog, at the output's position,
// with --format json too, and that nothing is written.
func TestOutputRejectedAtPosition(t *testing.T) {
	project(t, strings.Replace(catalog, `jsonschema: file: "out/errors.schema.json"`, `jsonschema: file: "../errors.schema.json"`, 1))
	code, out, errOut := errspec("--format", "json")
	if code != cli.ExitInvalid || out != "" {
		t.Fatalf("exit %d, stdout %q; want %d and nothing", code, out, cli.ExitInvalid)
	}
	var d jsonDiagnostic
	if err := json.Unmarshal([]byte(errOut), &d); err != nil {
		t.Fatalf("not one JSON object: %q", errOut)
	}
	if d.Code != "CATALOG_INVALID" || d.Position.File != "catalog.cue" || d.Position.Line != 7 ||
		d.Path != "outputs.jsonschema.file" || !strings.Contains(d.Message, "../errors.schema.json is outside .") {
		t.Errorf("diagnostic %+v", d)
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Error("an output was written")
	}
}

// TestSameHoweverInvoked checks that a catalog gives the same verdict and
// the same outputs however errspec is pointed at it: by its directory,
// from inside it, and by a pattern from above; and that the files the cue
// tool leaves out of the package, beside it, change none of them.
func TestSameHoweverInvoked(t *testing.T) {
	leftOut := map[string]string{
		"_draft.cue":       "package demo\ncodes: {",
		".hidden.cue":      "package demo\nname: \"caf\xe9\"\n",
		"catalog_test.cue": "package demo\nname: \"other\"\n",
	}
	for name, c := range map[string]struct {
		files map[string]string
		code  int
	}{
		"valid":           {map[string]string{"catalog.cue": catalog}, cli.ExitOK},
		"with an example": {map[string]string{"catalog.cue": catalog + exampleOfInternal}, cli.ExitOK},
		"a file without a package clause": {map[string]string{
			"catalog.cue": catalog,
			"more.cue":    "codes: MORE: {category: \"internal\", title: \"More\", message: \"More\"}\n",
		}, cli.ExitInvalid},
	} {
		t.Run(name, func(t *testing.T) {
			var want map[string]string
			var wantErr string
			for i, way := range []struct {
				name    string
				args    []string
				wd      string // relative to the tree's root
				leftOut bool   // whether the files left out are there
			}{
				{"the directory alone", []string{"generate", "cat"}, ".", false},
				{"the directory", []string{"generate", "cat"}, ".", true},
				{"inside it", nil, "cat", true},
				{"inside it, the directory", []string{"generate", "."}, "cat", true},
				{"a pattern from above", []string{"generate", "./..."}, ".", true},
			} {
				root := t.TempDir()
				dir := filepath.Join(root, "cat")
				writeTree(t, dir, c.files)
				if way.leftOut {
					writeTree(t, dir, leftOut)
					if err := os.Symlink("user@host.1:1", filepath.Join(dir, ".#catalog.cue")); err != nil {
						t.Fatal(err)
					}
				}
				t.Chdir(filepath.Join(root, way.wd))
				code, _, errOut := errspec(way.args...)
				if code != c.code {
					t.Fatalf("%s: exit %d, want %d:\n%s", way.name, code, c.code, errOut)
				}
				// Positions are relative to the working directory.
				errOut = strings.ReplaceAll(errOut, "cat/", "")
				got := readTree(t, filepath.Join(dir, "out"))
				if i == 0 {
					want, wantErr = got, errOut
					continue
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: outputs (-%s +got):\n%s", way.name, "the directory alone", diff)
				}
				if diff := cmp.Diff(wantErr, errOut); diff != "" {
					t.Errorf("%s: errors (-%s +got):\n%s", way.name, "the directory alone", diff)
				}
			}
		})
	}
}

// exampleOfInternal gives the code of catalog an example.
const exampleOfInternal = `codes: INTERNAL: examples: [{
	params: {}
	json: {code: "INTERNAL", category: "internal", message: "Something went wrong", retryable: true}
}]
`

// TestExampleMismatchAtCatalog checks that go test of the generated
// package reports an example whose json is not what the constructor
// sends at the example in the catalog, file:line:col relative to the
// package's directory, where go test runs, with what to do about it.
func TestExampleMismatchAtCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on the generated package")
	}
	mod := gomodtest.New(t, "example.com/app", map[string]string{
		"spec/demo/catalog.cue":  strings.Replace(catalog, `dir: "out"`, `dir: "../../internal/demo"`, 1),
		"spec/demo/examples.cue": "package demo\n\n" + strings.Replace(exampleOfInternal, `"Something went wrong"`, `"Something went right"`, 1),
	}, "")
	t.Chdir(mod.Dir)
	if code, _, errOut := errspec(); code != cli.ExitOK {
		t.Fatalf("generate exited %d: %s", code, errOut)
	}
	out, err := mod.Run("test", "./internal/demo")
	if err == nil {
		t.Fatalf("go test passed an example whose message is not the constructor's:\n%s", out)
	}
	for _, want := range []string{
		"../../spec/demo/examples.cue:5:2: codes.INTERNAL.examples[0].json: the example's json is not what the constructor sends for its params: ",
		`of the example's json, it has "Something went right" where the constructor sends "Something went wrong"` + "\n",
		`"message":"Something went wrong"`,
		"fix: make the example's json what the constructor gives, or its params what the json says",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("go test output lacks %q:\n%s", want, out)
		}
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readTree reads the files below dir, by their paths relative to it.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = string(data)
		}
		return nil
	})
	return out
}

// TestWorkDirRemoved runs errspec in a working directory that was
// removed: a relative catalog directory is a usage problem that says so,
// and absolute ones are generated and checked as anywhere else.
func TestWorkDirRemoved(t *testing.T) {
	dir := project(t, catalog)
	gone := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(gone, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(gone)
	if err := os.Remove(gone); err != nil {
		t.Skipf("the working directory cannot be removed here: %v", err)
	}
	want := "errspec: the working directory no longer exists (getwd: no such file or directory), and ./... names a directory in it\n" +
		"\tfix: cd into a directory that exists, or name the catalog directories by their absolute paths\n"
	for _, args := range [][]string{{"generate"}, {"check", "./..."}, {"lint"}, {"explain", "INTERNAL"}} {
		code, _, errOut := errspec(args...)
		if code != cli.ExitInvalid || errOut != want {
			t.Errorf("errspec %s: exit %d, stderr:\n%s\nwant exit %d, stderr:\n%s", strings.Join(args, " "), code, errOut, cli.ExitInvalid, want)
		}
	}
	if code, _, errOut := errspec("generate", dir); code != cli.ExitOK {
		t.Fatalf("generate %s exited %d:\n%s", dir, code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "errors.go")); err != nil {
		t.Error(err)
	}
	if code, out, errOut := errspec("check", dir+"/..."); code != cli.ExitOK {
		t.Errorf("check %s/... exited %d:\n%s%s", dir, code, out, errOut)
	}
}

// TestPathsShownSafely checks that a path holding characters a reader
// cannot see, or a newline, which would start a line that reads as
// errspec's own, is shown escaped in a position and in the list of
// changes, and is exact in JSON.
func TestPathsShownSafely(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	dir := "cat\nerrspec: forged\x1b[31m"
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shown := `cat\nerrspec: forged\u001B[31m`
	write := func(cue string) {
		if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(cue), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unsafe := func(out string) bool {
		return strings.Contains(out, "\x1b") || strings.Contains(out, "\nerrspec: forged")
	}

	write(strings.Replace(catalog, "title:", "titel:", 1))
	code, _, errOut := errspec("check", dir)
	if code != cli.ExitInvalid || unsafe(errOut) || !strings.HasPrefix(errOut, "errspec: "+shown+"/catalog.cue:10:") {
		t.Errorf("exit %d, stderr %q; want the position %s/catalog.cue:10:...", code, errOut, shown)
	}

	write(catalog)
	code, out, errOut := errspec("generate", "-v", dir)
	if code != cli.ExitOK || unsafe(out) || !strings.Contains(out, "created "+shown+"/out/errors.go\n") {
		t.Errorf("exit %d, stdout %q, stderr %q; want the changes with the path %s escaped", code, out, errOut, shown)
	}
	if err := os.Remove(filepath.Join(dir, "out", "errors.go")); err != nil {
		t.Fatal(err)
	}
	code, out, _ = errspec("--format", "json", "generate", "-v", dir)
	var change struct{ Status, Path string }
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &change); code != cli.ExitOK || err != nil || change.Path != dir+"/out/errors.go" {
		t.Errorf("exit %d, stdout %q (%v); want the change with the path as it is", code, out, err)
	}
}
