package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/lint"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

// runLint runs errspec lint: it checks each catalog against the rules its
// lint block selects and prints the findings, by position.
func runLint(c *command, args []string, stdout, stderr io.Writer) int {
	fset := c.flags()
	format := fset.String("format", "text", "")
	r, args, code, ok := c.start(fset, format, args, stdout, stderr)
	if !ok {
		return code
	}
	cats, code, ok := r.loadAll(args)
	if !ok {
		return code
	}
	var fs []finding
	locs := locators{}
	for _, cat := range cats {
		for _, f := range lint.Check(cat.Model) {
			d := locs.at(cat, f.Path, f.At, nil)
			path := model.PathString(f.Path)
			fs = append(fs, finding{file: d.File, line: d.Line, col: d.Col, rule: f.Rule, msg: f.Message, fix: f.Fix,
				err: diagnostics.NewLintFinding(f.Message, f.Rule, diagnostics.LintFindingOptions{
					File: d.File, Line: d.Line, Column: d.Col, Path: path, Fix: f.Fix})})
		}
	}
	sortFindings(fs)
	r.printFindings(fs)
	r.summary(len(fs), "lint finding")
	if len(fs) > 0 {
		return ExitFound
	}
	return ExitOK
}

// loadAll finds the catalogs args name (./... by default) and loads
// them; when one does not load, it reports every problem and returns
// ok false with the exit code.
func (r *run) loadAll(args []string) (cats []*load.Catalog, code int, ok bool) {
	dirs, err := generator.Find(args)
	if err != nil {
		return nil, r.report(findProblem(err, "name catalog directories that exist")), false
	}
	if len(dirs) == 0 {
		return nil, r.report(r.notFound(args)...), false
	}
	var problems []problem
	for _, dir := range dirs {
		cat, err := load.Dir(dir)
		if err != nil {
			problems = append(problems, fromError(dir, err)...)
			continue
		}
		cats = append(cats, cat)
	}
	if len(problems) > 0 {
		return nil, r.report(problems...), false
	}
	return cats, ExitOK, true
}

func lintHelp() string {
	var b strings.Builder
	b.WriteString(`Lint holds each catalog to the conventions that make errors useful to an
agent, and prints every place a catalog breaks one, by position, with what
to do about it. It exits 1 when it finds anything. Generate does not run
it.

A catalog's lint block selects the rules: use adds rules to the default
set, except removes rules, and ignore exempts values from a rule:

	lint: {
		use:    ["PARAM_DOC"]
		except: ["TIER_USED"]
		ignore: RETRYABLE_WHEN: ["codes.STALE_REVISION"]
	}

The rules (* for the default set):

`)
	for _, rule := range lint.Rules {
		mark := " "
		if rule.Default {
			mark = "*"
		}
		fmt.Fprintf(&b, "  %s %s\n", mark, rule.ID)
		b.WriteString(indent(rule.Summary, "      ", 76))
	}
	b.WriteString("\n" + dirsHelp + `
Flags:
  --format json     print each finding as a JSON object (a LINT_FINDING
                    error of errspec's own catalog), one per line
`)
	return b.String()
}

// indent wraps text at width columns, each line after prefix.
func indent(text, prefix string, width int) string {
	var b strings.Builder
	line := prefix
	for _, w := range strings.Fields(text) {
		if len(line) > len(prefix) && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = prefix
		}
		if len(line) > len(prefix) {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}
