package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/internal/gittest"
)

var commandNames = []string{"generate", "check", "explain", "lint", "breaking", "version", "help"}

// TestHelp checks that every command prints its usage on stdout and exits
// 0 for -h, -help, --help and errspec help COMMAND, and that errspec help
// lists every command.
func TestHelp(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range commandNames {
		for _, args := range [][]string{{name, "-h"}, {name, "-help"}, {name, "--help"}, {"help", name}} {
			code, out, errOut := errspec(args...)
			if code != cli.ExitOK || errOut != "" || !strings.HasPrefix(out, "usage: errspec ") || !strings.Contains(out, "\n\n") {
				t.Errorf("errspec %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errOut)
			}
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, _ := errspec(args...)
		if code != cli.ExitOK {
			t.Errorf("errspec %s: exit %d", strings.Join(args, " "), code)
		}
		for _, name := range commandNames {
			if !regexp.MustCompile(`(?m)^\t` + name + ` +\S`).MatchString(out) {
				t.Errorf("errspec %s does not list %s:\n%s", strings.Join(args, " "), name, out)
			}
		}
	}
	for _, rule := range []string{"CODE_REMOVED (wire)", "GO_CONSTRUCTOR_CHANGED (go)", "TEXT_CHANGED"} {
		if _, out, _ := errspec("help", "breaking"); !strings.Contains(out, rule) {
			t.Errorf("errspec help breaking does not list %s", rule)
		}
	}
	if _, out, _ := errspec("help", "lint"); !strings.Contains(out, "* CODE_SUGGESTION") || !strings.Contains(out, "  PARAM_DOC") {
		t.Errorf("errspec help lint does not list its rules, the default set marked:\n%s", out)
	}
}

// TestCommandLineErrors checks what a mistyped command line gives: the
// unknown command named, with the commands, and exit 2; a bad flag with
// the command's synopsis; every message on stderr after errspec:.
func TestCommandLineErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"genrate"}, `errspec: unknown command "genrate", and no directory genrate; the commands are generate, check, explain, lint, breaking, version, help
	fix: did you mean errspec generate? run errspec help for the commands
`},
		{[]string{"help", "lnt"}, `errspec: unknown command "lnt"; the commands are generate, check, explain, lint, breaking, version, help
	fix: did you mean errspec lint? run errspec help for the commands
`},
		{[]string{"explain", "--nope", "X"}, `errspec: flag provided but not defined: -nope
	fix: run errspec help explain for the usage
usage: errspec explain [--dir DIR] [--format json] CODE
`},
		{[]string{"--version"}, `errspec: flag provided but not defined: -version
	fix: run errspec version: version is a command of errspec, not a flag
usage: errspec [generate] [-v] [--templates DIR] [--format json] [DIR ...]
`},
		{[]string{"--dir", "apperr"}, `errspec: flag provided but not defined: -dir
	fix: --dir is a flag of errspec explain, not of errspec generate, which takes the catalog directories as arguments: errspec generate DIR
usage: errspec [generate] [-v] [--templates DIR] [--format json] [DIR ...]
`},
		{[]string{"check", "-v"}, `errspec: flag provided but not defined: -v
	fix: -v is a flag of errspec generate, not of errspec check
usage: errspec check [--templates DIR] [--format json] [DIR ...]
`},
		{[]string{"lint", "--against", "main"}, `errspec: flag provided but not defined: -against
	fix: --against is a flag of errspec breaking, not of errspec lint
usage: errspec lint [--format json] [DIR ...]
`},
		{[]string{"explain", "--templates", "t", "X"}, `errspec: flag provided but not defined: -templates
	fix: --templates is a flag of errspec generate and errspec check, not of errspec explain
usage: errspec explain [--dir DIR] [--format json] CODE
`},
		{[]string{"help", "--format", "json"}, `errspec: flag provided but not defined: -format
	fix: --format is a flag of errspec generate, errspec check, errspec explain, errspec lint, errspec breaking and errspec version, not of errspec help
usage: errspec help [COMMAND]
`},
		{[]string{"lint", "--formt", "json"}, `errspec: flag provided but not defined: -formt
	fix: did you mean --format? run errspec help lint for the usage
usage: errspec lint [--format json] [DIR ...]
`},
		{[]string{"--verbose"}, `errspec: flag provided but not defined: -verbose
	fix: did you mean -v? run errspec help generate for the usage
usage: errspec [generate] [-v] [--templates DIR] [--format json] [DIR ...]
`},
		// A misspelt flag before the command, whose value would be taken
		// for the command: the flag is the problem.
		{[]string{"--formt", "json", "lint"}, `errspec: flag provided but not defined: -formt
	fix: did you mean --format? run errspec help for the usage
`},
		// The start of a flag's name is the flag meant, not a flag as
		// short as it (--t is not -v), and the start of two is either.
		{[]string{"generate", "--t", "x"}, `errspec: flag provided but not defined: -t
	fix: did you mean --templates? run errspec help generate for the usage
usage: errspec [generate] [-v] [--templates DIR] [--format json] [DIR ...]
`},
		{[]string{"breaking", "--a", "main"}, `errspec: flag provided but not defined: -a
	fix: did you mean --against or --all? run errspec help breaking for the usage
usage: errspec breaking --against REF [--all] [--format json] [DIR ...]
`},
		{[]string{"-f", "json", "lint"}, `errspec: flag provided but not defined: -f
	fix: did you mean --format? run errspec help for the usage
`},
		// The value of a flag, though it starts with a dash, is no
		// misspelt flag: the command is what is unknown.
		{[]string{"--templates", "-tmpl", "nosuch"}, `errspec: unknown command "nosuch", and no directory nosuch; the commands are generate, check, explain, lint, breaking, version, help
	fix: run errspec help for the commands
`},
		{[]string{"breaking", "."}, `errspec: errspec breaking needs --against REF: the older version, a directory or a git revision
	fix: run errspec help breaking for the usage
usage: errspec breaking --against REF [--all] [--format json] [DIR ...]
`},
		{[]string{"lint", "--format", "yaml"}, `errspec: --format must be text or json, not "yaml"
	fix: use --format text or --format json
`},
		{[]string{"version", "extra"}, `errspec: errspec version takes no arguments, not extra
	fix: run errspec help version for the usage
usage: errspec version [--format json]
`},
	} {
		code, out, errOut := errspec(tc.args...)
		if code != cli.ExitInvalid || out != "" || errOut != tc.want {
			t.Errorf("errspec %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and:\n%s", strings.Join(tc.args, " "), code, out, errOut, tc.want)
		}
	}
}

// TestFlagsBeforeCommand checks that flags may come before the command
// as after it: each command line gives what the same one with the command
// first gives, and a flag's value is not taken for the command.
func TestFlagsBeforeCommand(t *testing.T) {
	project(t, catalog)
	for _, tc := range []struct{ before, after []string }{
		{[]string{"-v", "generate"}, []string{"generate", "-v"}},
		{[]string{"--format", "json", "lint"}, []string{"lint", "--format", "json"}},
		{[]string{"--format=json", "check", "."}, []string{"check", "--format=json", "."}},
		{[]string{"--format", "json", "version"}, []string{"version", "--format", "json"}},
		{[]string{"--dir", ".", "explain", "INTERNAL"}, []string{"explain", "--dir", ".", "INTERNAL"}},
		{[]string{"-h", "lint"}, []string{"lint", "-h"}},
		{[]string{"-v", "lint"}, []string{"lint", "-v"}},
		{[]string{"--format", "json", "lnt"}, []string{"lnt", "--format", "json"}},
	} {
		os.RemoveAll("out")
		code, out, errOut := errspec(tc.before...)
		os.RemoveAll("out")
		wantCode, wantOut, wantErr := errspec(tc.after...)
		if code != wantCode || out != wantOut || errOut != wantErr {
			t.Errorf("errspec %s: exit %d, stdout %q, stderr %q\nwant as errspec %s: exit %d, stdout %q, stderr %q",
				strings.Join(tc.before, " "), code, out, errOut, strings.Join(tc.after, " "), wantCode, wantOut, wantErr)
		}
	}
	if code, _, errOut := errspec("--templates", "lint"); code != cli.ExitInvalid || !strings.Contains(errOut, "--templates lint is not a directory") {
		t.Errorf("errspec --templates lint: exit %d, stderr %q; want the value lint refused as a templates directory", code, errOut)
	}
}

// TestQuietUnlessVerbose checks that generate prints nothing when it
// succeeds, and lists what it changed with -v.
func TestQuietUnlessVerbose(t *testing.T) {
	project(t, catalog)
	if code, out, errOut := errspec(); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("generate: exit %d, stdout %q, stderr %q; want 0 and nothing", code, out, errOut)
	}
	os.Remove("out/ERRORS.md")
	if code, out, _ := errspec("generate", ".", "-v"); code != cli.ExitOK || out != "created out/ERRORS.md\n" {
		t.Errorf("generate -v after a flag-less argument: exit %d, stdout %q", code, out)
	}
	// With --format json, standard output holds JSON alone: each change
	// is an object of its own line.
	os.Remove("out/ERRORS.md")
	want := `{"status":"created","path":"out/ERRORS.md"}` + "\n"
	if code, out, errOut := errspec("generate", "-v", "--format", "json"); code != cli.ExitOK || out != want || errOut != "" {
		t.Errorf("generate -v --format json: exit %d, stdout %q, stderr %q; want 0 and %q", code, out, errOut, want)
	}
}

func TestVersion(t *testing.T) {
	code, out, errOut := errspec("version")
	if code != cli.ExitOK || errOut != "" || !regexp.MustCompile(`^errspec \S+.* go1\.\d+`).MatchString(out) {
		t.Errorf("errspec version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = errspec("version", "--format", "json")
	var v struct{ Version, Go string }
	if err := json.Unmarshal([]byte(out), &v); code != cli.ExitOK || err != nil || v.Version == "" || v.Go == "" {
		t.Errorf("errspec version --format json: exit %d, %q", code, out)
	}
}

const shopV1 = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {
	category:   "not_found"
	title:      "Order not found"
	message:    "Order {order_id} not found"
	suggestion: "List the orders, then call again with one of their ids."
	params: order_id: {type: "string", doc: "The order id."}
}
codes: CART_NOT_FOUND: {
	category:   "not_found"
	title:      "Cart not found"
	message:    "Cart {cart_id} not found"
	suggestion: "Create a cart with create_cart."
	params: cart_id: {type: "string", doc: "The cart id."}
}
`

// TestBreakingAgainstRevision runs errspec breaking against git revisions
// of a temporary repository, from its top and from a directory below,
// and checks the positions of what is gone (REV:path), the exit codes,
// and that neither the work tree nor the index changed.
func TestBreakingAgainstRevision(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": shopV1}, "v1")
	without := shopV1[:strings.Index(shopV1, "codes: CART_NOT_FOUND")]
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": without}, "v2")
	gittest.Write(t, repo, map[string]string{"spec/shop/catalog.cue": without + "// edited\n"})
	status := gittest.Git(t, repo, "status", "--porcelain")
	index, _ := os.ReadFile(filepath.Join(repo, ".git", "index"))

	t.Chdir(repo)
	code, out, errOut := errspec("breaking", "--against", "HEAD~1")
	want := `HEAD~1:spec/shop/catalog.cue:13:8: CODE_REMOVED (wire): code CART_NOT_FOUND is gone
	fix: keep the code, deprecated with use: NEW_CODE, for a version before removing it
`
	if code != cli.ExitFound || out != want || errOut != "errspec: 1 breaking change\n" {
		t.Errorf("breaking --against HEAD~1: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 and:\n%s", code, out, errOut, want)
	}
	if code, out, errOut := errspec("breaking", "--against", "HEAD"); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("breaking --against HEAD: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	t.Chdir(filepath.Join(repo, "spec"))
	code, out, _ = errspec("breaking", "shop", "--against", "HEAD~1", "--format", "json")
	var d struct {
		Code     string
		Position struct{ File string }
		Details  struct{ Rule, Level string }
	}
	if err := json.Unmarshal([]byte(out), &d); code != cli.ExitFound || err != nil ||
		d.Code != "BREAKING_CHANGE" || d.Position.File != "HEAD~1:spec/shop/catalog.cue" || d.Details.Rule != "CODE_REMOVED" || d.Details.Level != "wire" {
		t.Errorf("breaking from spec with --format json: exit %d, %s", code, out)
	}
	code, _, errOut = errspec("breaking", "--against", "HEAD~2")
	if code != cli.ExitInvalid || !strings.HasPrefix(errOut, "errspec: HEAD~2 is neither a directory nor a git revision") {
		t.Errorf("breaking --against a revision the repository lacks: exit %d, %s", code, errOut)
	}

	if got := gittest.Git(t, repo, "status", "--porcelain"); got != status {
		t.Errorf("the work tree changed: %q, was %q", got, status)
	}
	if after, _ := os.ReadFile(filepath.Join(repo, ".git", "index")); string(after) != string(index) {
		t.Error("the index changed")
	}
}

// TestBreakingOutsideRepository checks that errspec breaking against a
// revision, run outside the repository on a catalog named by its path,
// says the command line that runs it in the repository, and that this
// command, followed as it is written, runs.
func TestBreakingOutsideRepository(t *testing.T) {
	// A repository whose path a shell reads otherwise than it is
	// written: the fix quotes it.
	repo := filepath.Join(gittest.Repo(t), "my shop's")
	gittest.Write(t, repo, map[string]string{"spec/shop/catalog.cue": shopV1})
	gittest.Git(t, repo, "init", "-q")
	gittest.Commit(t, repo, nil, "v1")
	outside := t.TempDir()
	t.Chdir(outside)
	rel, err := filepath.Rel(outside, filepath.Join(repo, "spec", "shop"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := errspec("breaking", "--against", "HEAD", rel)
	prefix := "errspec: HEAD is neither a directory nor a git revision: no directory of that name, and . is not in a git repository\n\tfix: run errspec in the git repository that holds the catalogs, whose revision HEAD is meant: "
	want := "cd '" + filepath.Dir(repo) + "/my shop'\\''s' && errspec breaking --against HEAD spec/shop"
	if got := strings.TrimPrefix(errOut, prefix); got != errOut {
		// Followed as it is written, by a shell.
		script := strings.Replace(strings.TrimSuffix(got, "\n"), "errspec breaking", "pwd; : breaking", 1)
		if pwd, err := exec.Command("sh", "-c", script).Output(); err != nil || strings.TrimSpace(string(pwd)) != repo {
			t.Errorf("the fix's cd, run by sh, goes to %q (%v), want %q", pwd, err, repo)
		}
	}
	if code != cli.ExitInvalid || errOut != prefix+want+"\n" {
		t.Fatalf("breaking outside the repository: exit %d, stderr:\n%s\nwant exit 2 and the fix %q", code, errOut, want)
	}
	t.Chdir(repo)
	if code, out, errOut := errspec("breaking", "--against", "HEAD", "spec/shop"); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("breaking as the fix says: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestBreakingSparseCheckout checks that a catalog a sparse checkout
// leaves out of the work tree is not gone, and one deleted there is.
func TestBreakingSparseCheckout(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{
		"spec/shop/catalog.cue":    shopV1,
		"spec/orders/catalog.cue":  strings.ReplaceAll(shopV1, "shop", "orders"),
		"spec/billing/catalog.cue": strings.ReplaceAll(shopV1, "shop", "billing"),
	}, "v1")
	gittest.Git(t, repo, "sparse-checkout", "set", "spec/shop", "spec/orders")
	t.Chdir(repo)
	if code, out, errOut := errspec("breaking", "--against", "HEAD"); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("breaking in a sparse checkout: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	gittest.Git(t, repo, "rm", "-q", "-r", "spec/orders")
	if code, out, _ := errspec("breaking", "--against", "HEAD"); code != cli.ExitFound || !strings.HasPrefix(out, "HEAD:spec/orders/catalog.cue:3:7: CATALOG_REMOVED") {
		t.Errorf("breaking in a sparse checkout, a catalog of it deleted: exit %d, stdout %q", code, out)
	}
}

// TestBreakingPackageMoved checks that a Go package is reported moved
// when the newer version generates it elsewhere in the repository, and
// not when its catalog moved and it stayed where it was.
func TestBreakingPackageMoved(t *testing.T) {
	repo := gittest.Repo(t)
	withGo := func(dir string) string {
		return strings.Replace(shopV1, `outputs: jsonschema: file: "errors.schema.json"`,
			`outputs: go: {dir: "`+dir+`", package: "shop"}`, 1)
	}
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": withGo("../../errs")}, "v1")
	gittest.Git(t, repo, "mv", "spec/shop", "shop")
	gittest.Commit(t, repo, map[string]string{"shop/catalog.cue": withGo("../errs")}, "the catalog moved, the package stayed")
	t.Chdir(repo)
	if code, out, errOut := errspec("breaking", "--against", "HEAD~1"); code != cli.ExitOK || out != "" {
		t.Errorf("the catalog moved: exit %d\n%s%s", code, out, errOut)
	}
	gittest.Commit(t, repo, map[string]string{"shop/catalog.cue": withGo("../pkg/errs")}, "the package moved")
	want := `shop/catalog.cue:4:20: GO_NAME_REMOVED (go): the Go package shop moved from errs to pkg/errs: every import of it breaks
	fix: generate the package in errs again, or change every import of it to its new place
`
	if code, out, _ := errspec("breaking", "--against", "HEAD~1"); code != cli.ExitFound || out != want {
		t.Errorf("the package moved: exit %d\n%s\nwant exit 1 and\n%s", code, out, want)
	}
}

// TestBreakingAgainstMovedCatalog checks that a catalog named by its
// new directory, which the revision has elsewhere, is compared with the
// catalog of its name there, not reported as new; and that a catalog of
// the revision that does not load and is not named is no problem.
func TestBreakingAgainstMovedCatalog(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{
		"spec/shop/catalog.cue":   shopV1,
		"spec/broken/catalog.cue": "package broken\n\ncodes: X: {\n",
	}, "v1")
	gittest.Git(t, repo, "mv", "spec/shop", "errors")
	moved := strings.Replace(shopV1, "http_status: 404", "http_status: 410", 1) // the category's, so both codes'

	gittest.Commit(t, repo, map[string]string{"errors/catalog.cue": moved}, "moved")
	want := func(file string) string {
		return file + `:5:69: HTTP_STATUS_CHANGED (wire): each of codes CART_NOT_FOUND and ORDER_NOT_FOUND had HTTP status 404, and has 410, from category not_found
	fix: keep http_status: 404 in category not_found, or set it on each code; for another status, add a code and deprecate each with use: NEW_CODE
`
	}
	t.Chdir(repo)
	code, out, _ := errspec("breaking", "--against", "HEAD~1", "errors")
	if code != cli.ExitFound || out != want("errors/catalog.cue") {
		t.Errorf("breaking --against HEAD~1 errors: exit %d\n%s\nwant exit 1 and\n%s", code, out, want("errors/catalog.cue"))
	}
	t.Chdir(filepath.Join(repo, "errors"))
	code, out, _ = errspec("breaking", "--against", "HEAD~1")
	if code != cli.ExitFound || out != want("catalog.cue") {
		t.Errorf("breaking --against HEAD~1 from errors: exit %d\n%s\nwant exit 1 and\n%s", code, out, want("catalog.cue"))
	}
}

// TestBreakingOldCatalogInvalid checks that an older version that does not
// load is reported where it is, with exit 2.
func TestBreakingOldCatalogInvalid(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	gittest.Write(t, dir, map[string]string{
		"new/catalog.cue": shopV1,
		"old/catalog.cue": strings.Replace(shopV1, `"not_found"`, `"gone"`, 1),
	})
	code, out, errOut := errspec("breaking", "--against", "old", "new")
	if code != cli.ExitInvalid || out != "" || !strings.HasPrefix(errOut, "errspec: old/catalog.cue:7:14: codes.ORDER_NOT_FOUND.category: category \"gone\" is not declared") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestBreakingIgnoreNamesNothing checks that a path of the breaking
// block that names an entry neither version has, a misspelt code, is a
// problem at its position with the closest name, and that one naming a
// code only the older version has exempts its removal.
func TestBreakingIgnoreNamesNothing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	newer := shopV1[:strings.Index(shopV1, "codes: CART_NOT_FOUND")]
	gittest.Write(t, dir, map[string]string{
		"old/catalog.cue": shopV1,
		"new/catalog.cue": newer + `breaking: ignore: CODE_REMOVED: ["codes.CART_NOT_FOUND"]` + "\n",
	})
	if code, out, errOut := errspec("breaking", "--against", "old", "new"); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("the removal ignored: exit %d, stdout %q, stderr %q, want exit 0 and nothing printed", code, out, errOut)
	}
	gittest.Write(t, dir, map[string]string{
		"new/catalog.cue": newer + `breaking: ignore: CODE_REMOVED: ["codes.CART_NOT_FUOND", "tools.cart"]` + "\n",
	})
	code, out, errOut := errspec("breaking", "--against", "old", "new")
	want := `errspec: new/catalog.cue:13:34: breaking.ignore.CODE_REMOVED[0]: "codes.CART_NOT_FUOND" names no entry of codes in the older version or this one, so it exempts nothing
	fix: did you mean "codes.CART_NOT_FOUND", "codes.ORDER_NOT_FOUND"?
errspec: new/catalog.cue:13:58: breaking.ignore.CODE_REMOVED[1]: "tools.cart" names no entry of tools in the older version or this one, so it exempts nothing
	fix: remove the path, or name an entry of tools that one of the versions declares
errspec: 2 problems
`
	if code != cli.ExitInvalid || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and\n%s", code, out, errOut, want)
	}
}

// TestBreakingAgainstHoldsNone checks that a revision that holds none of
// the catalogs compared passes, each catalog new there, with a warning
// that says so: a wrong --against would otherwise pass whatever changed.
func TestBreakingAgainstHoldsNone(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"README.md": "shop\n"}, "start")
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": shopV1}, "the catalog")
	t.Chdir(repo)
	code, out, errOut := errspec("breaking", "--against", "HEAD~1", "./...")
	want := "errspec: warning: the revision HEAD~1 holds none of the catalogs: each is new there, and none was compared\n" +
		"\tfix: if the catalogs are older than HEAD~1, give --against a revision that holds them (a tag or a branch of this repository's history); if they are new since, there is nothing to do\n"
	if code != cli.ExitOK || out != "" || errOut != want {
		t.Errorf("breaking --against HEAD~1: exit %d, stdout %q, stderr %q, want exit 0 and %q", code, out, errOut, want)
	}
	code, out, errOut = errspec("breaking", "--against", "HEAD~1", "--format", "json", "./...")
	var d struct{ Code string }
	if err := json.Unmarshal([]byte(errOut), &d); code != cli.ExitOK || err != nil || d.Code != "AGAINST_HOLDS_NONE" || out != "" {
		t.Errorf("breaking --against HEAD~1 --format json: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// Where the revision holds the catalog, nothing is said.
	if code, out, errOut := errspec("breaking", "--against", "HEAD", "./..."); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("breaking --against HEAD: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestBreakingAgainstAmbiguous checks that a name that is both a
// directory and a revision is a usage error, with --format json too, and
// not the directory whatever the revision holds.
func TestBreakingAgainstAmbiguous(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": shopV1, "v1/README.md": "the API v1\n"}, "v1")
	gittest.Git(t, repo, "tag", "v1")
	t.Chdir(repo)
	code, out, errOut := errspec("breaking", "--against", "v1")
	want := "errspec: v1 is both a directory and a git revision\n\tfix: give --against ./v1 for the directory, or v1^{commit} for the revision\n"
	if code != cli.ExitInvalid || out != "" || errOut != want {
		t.Errorf("breaking --against v1: exit %d, stdout %q, stderr %q, want exit 2 and %q", code, out, errOut, want)
	}
	code, out, errOut = errspec("breaking", "--against", "v1", "--format", "json")
	var d struct{ Code string }
	if err := json.Unmarshal([]byte(errOut), &d); code != cli.ExitInvalid || err != nil || d.Code != "USAGE" || out != "" {
		t.Errorf("breaking --against v1 --format json: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, errOut := errspec("breaking", "--against", "v1^{commit}"); code != cli.ExitOK || out != "" || errOut != "" {
		t.Errorf("breaking --against v1^{commit}: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestBreakingAgainstEmptyDirectory checks that a directory without the
// older catalog is an error, not a catalog that is new.
func TestBreakingAgainstEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	gittest.Write(t, dir, map[string]string{"spec/shop/catalog.cue": shopV1, "old/README.md": "nothing\n"})
	code, out, errOut := errspec("breaking", "--against", "old", "spec/shop")
	if code != cli.ExitInvalid || out != "" || !strings.HasPrefix(errOut, "errspec: --against old holds no catalog where the arguments name one") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestLintFormatJSON(t *testing.T) {
	project(t, catalog)
	code, out, errOut := errspec("lint", "--format", "json")
	if code != cli.ExitFound || errOut != "" {
		t.Fatalf("lint: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, line := range lines {
		var d struct {
			Code     string
			Position struct {
				File         string
				Line, Column int
			}
			Path, Message, Suggestion string
			Details                   struct{ Rule string }
		}
		if err := json.Unmarshal([]byte(line), &d); err != nil || d.Code != "LINT_FINDING" || d.Position.File != "catalog.cue" ||
			d.Position.Line == 0 || d.Path == "" || d.Message == "" || d.Suggestion == "" || d.Details.Rule == "" {
			t.Errorf("not a whole finding: %s", line)
		}
	}
	if len(lines) != 2 {
		t.Errorf("%d findings, want 2 (CODE_SUGGESTION and RETRYABLE_WHEN):\n%s", len(lines), out)
	}
}

// TestBreakingJSON checks the JSON of breaking byte for byte, one object
// a line: a breaking change, a code removed as the older version
// announced, and a safe change, each with its rule, level and kind where
// the diagnostics catalog puts them.
func TestBreakingJSON(t *testing.T) {
	dir := t.TempDir()
	old := strings.Replace(shopV1, `params: cart_id: {type: "string", doc: "The cart id."}`,
		`params: cart_id: {type: "string", doc: "The cart id."}
	deprecated: {since: "1.1.0", use: "ORDER_NOT_FOUND"}`, 1)
	newer := strings.Replace(shopV1[:strings.Index(shopV1, "codes: CART_NOT_FOUND")], "Order {order_id} not found", "No order {order_id}", 1)
	newer = strings.Replace(newer, "http_status: 404", "http_status: 410", 1)
	writeTree(t, filepath.Join(dir, "old"), map[string]string{"catalog.cue": old})
	writeTree(t, filepath.Join(dir, "new"), map[string]string{"catalog.cue": newer})
	t.Chdir(dir)
	code, out, errOut := errspec("breaking", "--all", "--format", "json", "--against", "old", "new")
	want := `{"code":"BREAKING_CHANGE","message":"code ORDER_NOT_FOUND had HTTP status 404, and has 410, from category not_found","position":{"file":"new/catalog.cue","line":5,"column":69},"path":"categories.not_found.http_status","suggestion":"keep http_status: 404 in category not_found, or set it on code ORDER_NOT_FOUND; for another status, add a code and deprecate ORDER_NOT_FOUND with use: NEW_CODE","details":{"rule":"HTTP_STATUS_CHANGED","level":"wire"}}
{"code":"CATALOG_CHANGE","message":"code ORDER_NOT_FOUND: the message changed","position":{"file":"new/catalog.cue","line":9,"column":14},"path":"codes.ORDER_NOT_FOUND.message","details":{"rule":"TEXT_CHANGED","level":"docs","kind":"safe"}}
{"code":"CATALOG_CHANGE","message":"code CART_NOT_FOUND is gone, as announced: the older version deprecated it for ORDER_NOT_FOUND","position":{"file":"old/catalog.cue","line":13,"column":8},"path":"codes.CART_NOT_FOUND","details":{"rule":"CODE_REMOVED","level":"wire","kind":"expected"}}
`
	if code != cli.ExitFound || out != want {
		t.Errorf("breaking --all --format json: exit %d\n%s\nstderr: %s\nwant exit 1 and\n%s", code, out, errOut, want)
	}
}

// TestBreakingCodeMoved checks that a code gone from one catalog that
// another catalog of the newer version declares is reported as moved
// there, and still as a break: a client of the first does not read the
// second.
func TestBreakingCodeMoved(t *testing.T) {
	dir := t.TempDir()
	cart := shopV1[strings.Index(shopV1, "codes: CART_NOT_FOUND"):]
	billing := "package billing\n\nname: \"billing\"\noutputs: jsonschema: file: \"errors.schema.json\"\ncategories: not_found: {description: \"Nothing there.\", http_status: 404}\n"
	writeTree(t, filepath.Join(dir, "old", "shop"), map[string]string{"catalog.cue": shopV1})
	writeTree(t, filepath.Join(dir, "old", "billing"), map[string]string{"catalog.cue": billing + "codes: INVOICE_NOT_FOUND: {category: \"not_found\", title: \"Invoice not found\", message: \"Invoice {id} not found\", suggestion: \"List the invoices.\", params: id: type: \"string\"}\n"})
	writeTree(t, filepath.Join(dir, "new", "shop"), map[string]string{"catalog.cue": strings.TrimSuffix(shopV1, cart)})
	writeTree(t, filepath.Join(dir, "new", "billing"), map[string]string{"catalog.cue": billing + "codes: INVOICE_NOT_FOUND: {category: \"not_found\", title: \"Invoice not found\", message: \"Invoice {id} not found\", suggestion: \"List the invoices.\", params: id: type: \"string\"}\n" + cart})
	t.Chdir(filepath.Join(dir, "new"))
	code, out, errOut := errspec("breaking", "--against", "../old", "./...")
	want := `../old/shop/catalog.cue:13:8: CODE_REMOVED (wire): code CART_NOT_FOUND is gone: catalog billing declares it now, which a client of catalog shop does not read
	fix: keep the code in catalog shop too, deprecated, until its clients read catalog billing
`
	if code != cli.ExitFound || out != want || errOut != "errspec: 1 breaking change\n" {
		t.Errorf("a code moved to another catalog: exit %d\n%s\nstderr: %s\nwant exit 1 and\n%s", code, out, errOut, want)
	}

	// A code both catalogs had, which one of them loses, did not move.
	writeTree(t, filepath.Join(dir, "old", "billing"), map[string]string{"catalog.cue": billing + cart})
	code, out, _ = errspec("breaking", "--against", "../old", "./...")
	want = `../old/shop/catalog.cue:13:8: CODE_REMOVED (wire): code CART_NOT_FOUND is gone
	fix: keep the code, deprecated with use: NEW_CODE, for a version before removing it
`
	if code != cli.ExitFound || !strings.HasSuffix(out, want) {
		t.Errorf("a code of both catalogs, gone from one: exit %d\n%s\nwant exit 1 and, last,\n%s", code, out, want)
	}
}

// TestBreakingOlderDoesNotLoad checks what breaking says of a revision
// whose catalog does not load: where, what, and, since a revision cannot
// be mended, to compare against another one.
func TestBreakingOlderDoesNotLoad(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": shopV1, "spec/shop/extra.cue": "package shop\n\ncodes: BROKEN: {category: \"not_found\" title: \"x\"}\n"}, "broken")
	gittest.Git(t, repo, "rm", "-q", "spec/shop/extra.cue")
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": shopV1}, "fixed")
	t.Chdir(repo)
	code, out, errOut := errspec("breaking", "--against", "HEAD~1")
	want := `errspec: HEAD~1:spec/shop/extra.cue:3:39: missing ',' in struct literal
	fix: the catalog at HEAD~1 cannot be compared: give --against a revision where it loads
`
	if code != cli.ExitInvalid || out != "" || errOut != want {
		t.Errorf("breaking against a revision that does not load: exit %d\nstdout: %s\nstderr:\n%s\nwant exit 2 and\n%s", code, out, errOut, want)
	}
}

// failingWriter fails every write, as standard output does on a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutFails runs commands whose standard output cannot be written:
// each reports STDOUT_FAILED on standard error and exits 2, where the
// exit code said success or findings of a report that was lost.
func TestStdoutFails(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"help"}, {"version", "--format", "json"}} {
		var stderr bytes.Buffer
		code := cli.Main(args, failingWriter{}, &stderr)
		if code != cli.ExitInvalid || !strings.Contains(stderr.String(), "writing to standard output failed") {
			t.Errorf("errspec %s with standard output full: exit %d, stderr %q", strings.Join(args, " "), code, stderr.String())
		}
		if slices.Contains(args, "json") && !strings.Contains(stderr.String(), `"code":"STDOUT_FAILED"`) {
			t.Errorf("errspec %s: stderr %q, want the STDOUT_FAILED object", strings.Join(args, " "), stderr.String())
		}
	}
}

// TestSkippedCatalogNamedForCommand checks that a catalog that ./...
// passes over is named with the command line that runs the same command
// on it: errspec lint DIR for lint, not errspec DIR, which generates.
func TestSkippedCatalogNamedForCommand(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "testdata", "errors"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "testdata", "errors", "catalog.cue"), []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{}, "name the directory, errspec testdata/errors, or"},
		{[]string{"check"}, "name the directory, errspec check testdata/errors, or"},
		{[]string{"lint"}, "name the directory, errspec lint testdata/errors, or"},
		{[]string{"breaking", "--against", "HEAD~1"}, "name the directory, errspec breaking --against HEAD~1 testdata/errors, or"},
		{[]string{"explain", "INTERNAL"}, "name the directory, errspec explain --dir testdata/errors INTERNAL, or"},
	} {
		code, _, errOut := errspec(tt.args...)
		if code != cli.ExitInvalid || !strings.Contains(errOut, tt.want) {
			t.Errorf("errspec %s: exit %d, stderr:\n%s\nwant %q", strings.Join(tt.args, " "), code, errOut, tt.want)
		}
	}
}

// TestNotFoundRerunKeepsFlags checks that errspec run where no catalog
// is below names the catalogs above with a command line that, followed
// as a shell reads it, does what was asked: the directory quoted where a
// shell would split it, and the flags given (the templates) kept, without
// which check would find the Markdown written with them out of date.
func TestNotFoundRerunKeepsFlags(t *testing.T) {
	root := t.TempDir()
	code, err := os.ReadFile(filepath.Join("..", "..", "templates", "code.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	gittest.Write(t, root, map[string]string{
		"go.mod":                "module example.com/shop\n\ngo 1.25.0\n\nrequire github.com/errspec/errspec v0.1.0\n",
		"my errors/catalog.cue": strings.Replace(shopV1, `outputs: jsonschema: file: "errors.schema.json"`, `outputs: markdown: file: "ERRORS.md"`, 1),
		"tpl/code.md.tmpl":      string(code) + "\nOverridden.\n",
		"cmd/server/main.go":    "package main\n\nfunc main() {}\n",
	})
	t.Chdir(root)
	if code, _, errOut := errspec("generate", "--templates", "tpl", "my errors"); code != cli.ExitOK {
		t.Fatalf("generate: exit %d: %s", code, errOut)
	}
	t.Chdir(filepath.Join(root, "cmd", "server"))
	code2, _, errOut := errspec("check", "--templates", "../../tpl")
	want := "name the directory, errspec check --templates=../../tpl '../../my errors', or run errspec"
	if code2 != cli.ExitInvalid || !strings.Contains(errOut, want) {
		t.Fatalf("check below no catalog: exit %d, stderr:\n%s\nwant exit 2 and the fix %q", code2, errOut, want)
	}
	// Followed as it is written, by a shell: the words it reads.
	line := "errspec check --templates=../../tpl '../../my errors'"
	out, err := exec.Command("sh", "-c", `for w in `+strings.TrimPrefix(line, "errspec ")+`; do printf '%s\n' "$w"; done`).Output()
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if code, out, errOut := errspec(words...); code != cli.ExitOK {
		t.Errorf("the fix %v: exit %d, stdout %q, stderr %q", words, code, out, errOut)
	}
	// Without the templates, check finds the Markdown out of date.
	if code, _, _ := errspec("check", "../../my errors"); code == cli.ExitOK {
		t.Errorf("check without the templates: exit 0, want the Markdown out of date")
	}
}
