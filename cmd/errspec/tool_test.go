package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/internal/gomodtest"
)

// TestAsGoTool does what the README tells a user to do: in a module of
// an older go release, it runs the commands the README gives to add errspec
// as a tool from a clone (this checkout), as they are written; writes a
// catalog with a //go:generate go tool errspec line next to it, runs go
// generate, and builds and runs a program that uses the generated package.
func TestAsGoTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds errspec and a module with the go command")
	}
	files := map[string]string{
		"apperr/catalog.cue": `package apperr

name: "app"
docs: base_url: "https://app.example.com/errors"
outputs: {
	go: {dir: ".", package: "apperr"}
	markdown: file: "ERRORS.md"
	jsonschema: file: "errors.schema.json"
}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: USER_NOT_FOUND: {
	category:   "not_found"
	title:      "User not found"
	message:    "User {id} not found"
	suggestion: "List users with list_users"
	params: id: {type: "string", doc: "The id the call gave."}
}
`,
		"apperr/generate.go": "package apperr\n\n//go:generate go tool errspec\n",
		"main.go": `package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"example.com/app/apperr"
)

func find(id string) error { return apperr.NewUserNotFound(id) }

func main() {
	err := find("42")
	b, _ := json.Marshal(err)
	fmt.Println(string(b))
	fmt.Println(errors.Is(err, apperr.CategoryNotFound))
}
`,
	}
	mod := gomodtest.Plain(t, "example.com/app", "1.24", files)
	for _, line := range readmeCommands(t, "<!-- tested: install from a clone -->") {
		mod.Shell(strings.ReplaceAll(line, "/path/to/errspec", gomodtest.Root(t)))
	}
	goMod, err := os.ReadFile(filepath.Join(mod.Dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\ngo 1.25.0\n", "\ntool github.com/errspec/errspec/cmd/errspec\n"} {
		if !strings.Contains(string(goMod), want) {
			t.Errorf("after the README's commands, go.mod lacks %q:\n%s", strings.TrimSpace(want), goMod)
		}
	}
	goCmd := mod.Go
	if out := goCmd("generate", "./..."); out != "" {
		t.Errorf("go generate printed %q; errspec is quiet when it succeeds", out)
	}
	for _, f := range []string{"apperr/errors.go", "apperr/ERRORS.md", "apperr/errors.schema.json"} {
		if _, err := os.Stat(filepath.Join(mod.Dir, f)); err != nil {
			t.Errorf("go generate did not write %s: %v", f, err)
		}
	}
	got := goCmd("run", ".")
	want := `{"code":"USER_NOT_FOUND","category":"not_found","message":"User 42 not found",` +
		`"suggestion":"List users with list_users","retryable":false,` +
		`"docs_url":"https://app.example.com/errors#user_not_found","params":{"id":"42"}}` + "\ntrue\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("go run . (-want +got):\n%s", diff)
	}
	goCmd("tool", "errspec", "check", "./...")
	// Without the tool directive, go run of the command, with no version,
	// runs the errspec go.mod requires.
	goCmd("run", "github.com/errspec/errspec/cmd/errspec", "check", "./...")
	// The version is errspec's module's, a dependency of the user's.
	if got := goCmd("tool", "errspec", "version"); !strings.HasPrefix(got, "errspec v0.0.0 => "+gomodtest.Root(t)+" go1.") {
		t.Errorf("go tool errspec version: %q", got)
	}
}

// readmeCommands returns the command lines of the sh block of the README
// that follows marker, lines continued with \ joined.
func readmeCommands(t *testing.T, marker string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(gomodtest.Root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), marker+"\n```sh\n")
	block, _, closed := strings.Cut(after, "\n```")
	if !ok || !closed {
		t.Fatalf("the README has no sh block after %s", marker)
	}
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(block, "\\\n", " "), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}
