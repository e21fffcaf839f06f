package cli

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

// finding is a result of lint or breaking: where, under which rule, what
// and what to do, and errspec's error of it for --format json.
type finding struct {
	file      string
	line, col int
	label     string // after the rule: (wire), (safe), ...; "" for none
	rule      string
	msg, fix  string
	err       *diagnostics.Error
}

// locators hold a Locator for each catalog, so that the findings of a
// catalog evaluate it again once at most.
type locators map[*load.Catalog]*load.Locator

// at returns the position of the value at path in a loaded catalog,
// inside the string there where at is not zero: at its byte at-1 (see
// model.Error's At); its file shown by display (nil to show it as it is).
func (ls locators) at(cat *load.Catalog, path []string, at int, display func(string) string) load.Diagnostic {
	l := ls[cat]
	if l == nil {
		l = cat.Locator()
		ls[cat] = l
	}
	d := l.Locate(&model.Error{Path: path, At: at})
	if display != nil {
		d.File = display(d.File)
	}
	return d
}

// sortFindings sorts findings by position, and by rule where they share
// one.
func sortFindings(fs []finding) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		return cmp.Or(strings.Compare(a.file, b.file), a.line-b.line, a.col-b.col, strings.Compare(a.rule, b.rule))
	})
}

// printFindings prints findings on stdout: for a person, one per line as
// "file:line:col: RULE (label): what", with the fix on a line of its own;
// with --format json, one errspec error per line.
func (r *run) printFindings(fs []finding) {
	for _, f := range fs {
		if r.json {
			fmt.Fprintf(r.stdout, "%s\n", errorJSON(f.err))
			continue
		}
		var b strings.Builder
		if f.file != "" {
			b.WriteString(f.file + ":" + strconv.Itoa(f.line) + ":" + strconv.Itoa(f.col) + ": ")
		}
		b.WriteString(f.rule)
		if f.label != "" {
			b.WriteString(" (" + f.label + ")")
		}
		b.WriteString(": " + f.msg + "\n")
		if f.fix != "" {
			b.WriteString("\tfix: " + f.fix + "\n")
		}
		fmt.Fprint(r.stdout, b.String())
	}
}

// summary prints, for a person, how many findings of a kind there were.
func (r *run) summary(n int, what string) {
	if r.json || n == 0 {
		return
	}
	s := what + "s"
	if n == 1 {
		s = what
	}
	fmt.Fprintf(r.stderr, "%s%d %s\n", prefix, n, s)
}
