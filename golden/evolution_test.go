package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/breaking"
	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/generator/lint"
	"github.com/errspec/errspec/spec"
)

// The corpora of errspec breaking and errspec lint, in breaking/testdata
// and lint/testdata (testdata, so that no errspec generate ./... takes
// them for catalogs to generate): a case of breaking is a directory
// holding the older version of a tree of catalogs in old and the newer in
// new (each usually one catalog); a case of lint, a catalog. Each holds
// report.golden, what errspec prints for it, its standard output and then
// its standard error: errspec breaking --all --against ../old ./... run
// in new, or errspec lint . run in the case.
//
// For every rule there is a case named after it, in lower case, that the
// rule fires in; for every rule of breaking that breaks and every rule
// of lint, a case named after it with _ok, a near miss that it must not
// fire in. More cases of a rule, or near misses, add a hyphen and what
// they try to the name: version_not_bumped-gone.
const (
	breakingCorpus = "breaking"
	lintCorpus     = "lint"
)

// corpusDir is the directory of the cases of a corpus.
func corpusDir(corpus string) string { return filepath.Join(corpus, "testdata") }

// corpusCases lists the cases of a corpus.
func corpusCases(t *testing.T, corpus string) []string { return subdirs(t, corpusDir(corpus)) }

// report runs errspec with args in dir and returns what it prints and its
// exit code.
func report(t *testing.T, dir string, args ...string) (string, int) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := cli.Main(args, &stdout, &stderr)
	return stdout.String() + stderr.String(), code
}

// checkReport compares a case's report with its golden, or rewrites the
// golden with -update.
func checkReport(t *testing.T, dir, got string) {
	t.Helper()
	file := filepath.Join(dir, "report.golden")
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}

// ruleAt matches the rule of a line of a report, and its label: "file:
// line:col: RULE (label): ..." or "file:line:col: RULE: ...".
var ruleAt = regexp.MustCompile(`(?m)^\S+:\d+:\d+: ([A-Z_]+)(?: \(([a-z]+)\))?: `)

// fired returns the rules a report says fired: with a label of breaking,
// those that break (wire, go, docs, version), or else safe; a code
// removed as expected is not a break of CODE_REMOVED.
func fired(report string, safe bool) []string {
	var out []string
	for _, m := range ruleAt.FindAllStringSubmatch(report, -1) {
		if (m[2] == "safe") == safe && m[2] != "expected" {
			out = append(out, m[1])
		}
	}
	return out
}

// checkFired checks that the rule a case is named after fired in it, or,
// in its near miss, did not.
func checkFired(t *testing.T, name string, rules []string) {
	t.Helper()
	rule, nearMiss := caseRule(name)
	switch {
	case nearMiss && slices.Contains(rules, rule):
		t.Errorf("%s fires in its near miss", rule)
	case !nearMiss && !slices.Contains(rules, rule):
		t.Errorf("%s does not fire in its case", rule)
	}
}

// caseRule returns the rule a case is named after, and whether the case
// is a near miss: version_not_bumped_ok-gone is a near miss of
// VERSION_NOT_BUMPED.
func caseRule(name string) (rule string, nearMiss bool) {
	name, _, _ = strings.Cut(name, "-")
	return strings.CutSuffix(strings.ToUpper(name), "_OK")
}

func TestBreakingCorpus(t *testing.T) {
	root, err := filepath.Abs(corpusDir(breakingCorpus))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range corpusCases(t, breakingCorpus) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, name)
			got, code := report(t, filepath.Join(dir, "new"), "breaking", "--all", "--against", "../old", "./...")
			checkReport(t, dir, got)
			breaks := strings.Contains(got, "errspec: ")
			if want := map[bool]int{true: cli.ExitFound, false: cli.ExitOK}[breaks]; code != want {
				t.Errorf("exit %d, want %d", code, want)
			}
			rule, _ := caseRule(name)
			r, ok := breaking.RuleByID(rule)
			if !ok {
				t.Fatalf("the case is named after no rule")
			}
			checkFired(t, name, fired(got, r.Safe))
		})
	}
}

func TestLintCorpus(t *testing.T) {
	root, err := filepath.Abs(corpusDir(lintCorpus))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range corpusCases(t, lintCorpus) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, name)
			got, code := report(t, dir, "lint", ".")
			checkReport(t, dir, got)
			if want := map[bool]int{true: cli.ExitFound, false: cli.ExitOK}[got != ""]; code != want {
				t.Errorf("exit %d, want %d", code, want)
			}
			checkFired(t, name, fired(got, false))
		})
	}
}

// schemaRules returns the rule IDs a definition of the catalog schema,
// #BreakingRule or #LintRule, allows, sorted.
func schemaRules(t *testing.T, def string) []string {
	t.Helper()
	src := string(spec.Schema)
	i := strings.Index(src, "\n"+def+":")
	if i < 0 {
		t.Fatalf("the schema has no %s", def)
	}
	body := src[i+1:]
	body = body[:strings.Index(body, "\n\n")+1]
	var out []string
	for _, m := range regexp.MustCompile(`"([A-Z_]+)"`).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

// TestRulesMatchSchema checks that the rules a catalog may name in its
// breaking and lint blocks are the rules errspec has, and that each rule
// says what it reports.
func TestRulesMatchSchema(t *testing.T) {
	var b, l []string
	for _, r := range breaking.Rules {
		if r.Summary == "" || !slices.Contains([]breaking.Level{breaking.Wire, breaking.Go, breaking.Docs, breaking.Version}, r.Level) {
			t.Errorf("rule %s: no summary, or an unknown level %q", r.ID, r.Level)
		}
		b = append(b, r.ID)
	}
	for _, r := range lint.Rules {
		if r.Summary == "" {
			t.Errorf("rule %s has no summary", r.ID)
		}
		l = append(l, r.ID)
	}
	for _, tc := range []struct {
		def string
		ids []string
	}{{"#BreakingRule", b}, {"#LintRule", l}} {
		slices.Sort(tc.ids)
		if got := schemaRules(t, tc.def); !slices.Equal(got, tc.ids) {
			t.Errorf("the schema's %s lists %v, the rules are %v", tc.def, got, tc.ids)
		}
	}
}

// TestCorporaCoverRules checks that every rule has its case, and every
// rule that finds fault its near miss.
func TestCorporaCoverRules(t *testing.T) {
	has := func(corpus string) map[string]bool {
		out := map[string]bool{}
		for _, c := range corpusCases(t, corpus) {
			out[c] = true
		}
		return out
	}
	b := has(breakingCorpus)
	for _, r := range breaking.Rules {
		name := strings.ToLower(r.ID)
		if !b[name] {
			t.Errorf("rule %s has no case %s", r.ID, filepath.Join(corpusDir(breakingCorpus), name))
		}
		if !r.Safe && !b[name+"_ok"] {
			t.Errorf("rule %s has no near miss %s_ok", r.ID, filepath.Join(corpusDir(breakingCorpus), name))
		}
	}
	l := has(lintCorpus)
	for _, r := range lint.Rules {
		name := strings.ToLower(r.ID)
		if !l[name] || !l[name+"_ok"] {
			t.Errorf("rule %s lacks its case %s or its near miss %s_ok", r.ID, filepath.Join(corpusDir(lintCorpus), name), name)
		}
	}
}

// TestReadmeDocumentsRules checks that the README has a row, with an
// example, for every rule of breaking and of lint.
func TestReadmeDocumentsRules(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range breaking.Rules {
		ids = append(ids, r.ID)
	}
	for _, r := range lint.Rules {
		ids = append(ids, r.ID)
	}
	for _, id := range ids {
		row := regexp.MustCompile("(?m)^\\| `" + id + "` \\| [a-z]+ \\| .{10,} \\|$")
		if !row.Match(data) {
			t.Errorf("the README has no row for %s with an example", id)
		}
	}
}
