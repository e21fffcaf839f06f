package files

import (
	"bytes"
	"fmt"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// Drift reports whether any change is not Unchanged, that is whether the
// disk does not match what is generated. A check fails (exit status 1) when
// Drift is true.
func Drift(changes []Change) bool {
	for _, c := range changes {
		if c.Status != Unchanged {
			return true
		}
	}
	return false
}

// Report renders the result of a check for a person. It returns "" when
// there is no [Drift].
//
// Otherwise it returns the [Diff] of the changed files, then, after a
// blank line, a summary that names every file out of date, e.g.:
//
//	3 generated files are out of date:
//	  missing: gen/new.go (120 lines)
//	  changed: gen/errors.go
//	  stale:   gen/old.go (80 lines)
//
// with missing files first, then changed, then stale files, one per line.
// Paths are shown with forward slashes.
func Report(changes []Change) string {
	if !Drift(changes) {
		return ""
	}
	var b strings.Builder
	b.WriteString(Diff(changes))
	groups := map[Status][]string{}
	n := 0
	for _, c := range changes {
		if c.Status == Unchanged {
			continue
		}
		p := Show(c.Path)
		switch c.Status {
		case Created:
			p += lineCount(c.New)
		case Stale:
			p += lineCount(c.Old)
		}
		groups[c.Status] = append(groups[c.Status], p)
		n++
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	if n == 1 {
		b.WriteString("1 generated file is out of date:\n")
	} else {
		fmt.Fprintf(&b, "%d generated files are out of date:\n", n)
	}
	for _, g := range []struct {
		status Status
		label  string
	}{
		{Created, "missing: "},
		{Changed, "changed: "},
		{Stale, "stale:   "},
	} {
		for _, p := range groups[g.status] {
			b.WriteString("  " + g.label + p + "\n")
		}
	}
	return b.String()
}

// Diff returns the unified diff of every changed file that [Report]
// begins with, in the order of changes (sorted by path when they come
// from [Plan]), with labels "a/PATH" and "b/PATH" and 3 lines of context:
// "" when no file changed. A file whose lines all end in "\r\n", as git's
// core.autocrlf checks it out, is compared with "\n" for them, so that the
// diff shows the lines that changed. A missing or a stale file is not
// diffed: all of it would be added or removed, which says nothing the
// summary does not (before the first generate, every output is missing,
// and a diff would print them all), so [Report] names it with its size.
func Diff(changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		if c.Status != Changed {
			continue
		}
		p := Show(c.Path)
		// A file git checked out with "\r\n" differs in the lines
		// that changed, not in every line.
		b.WriteString(udiff.Unified("a/"+p, "b/"+p, string(asText(c.Old, c.New)), string(c.New)))
	}
	return b.String()
}

// lineCount returns " (N lines)" for data, as the summary of [Report]
// gives the size of a missing or stale file.
func lineCount(data []byte) string {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	if n == 1 {
		return " (1 line)"
	}
	return fmt.Sprintf(" (%d lines)", n)
}
