package files

import (
	"fmt"
	"path/filepath"
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
// Otherwise it returns a unified diff of every created, changed and stale
// file, in the order of changes (sorted by path when they come from
// [Plan]), with labels "a/PATH" and "b/PATH" and 3 lines of context; a
// created file is shown as added from empty content and a stale file as
// reduced to empty content. A file whose lines all end in "\r\n", as
// git's core.autocrlf checks it out, is compared with "\n" for them, so
// that the diff shows the lines that changed. A summary follows after a blank line, e.g.:
//
//	3 generated files are out of date:
//	  missing: gen/new.go
//	  changed: gen/errors.go
//	  stale:   gen/old.go
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
		p := filepath.ToSlash(c.Path)
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

// Diff returns the unified diff of every created, changed and stale file
// that [Report] begins with: "" when there is no [Drift].
func Diff(changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		if c.Status == Unchanged {
			continue
		}
		p := filepath.ToSlash(c.Path)
		// A file git checked out with "\r\n" differs in the lines
		// that changed, not in every line.
		b.WriteString(udiff.Unified("a/"+p, "b/"+p, string(asText(c.Old, c.New)), string(c.New)))
	}
	return b.String()
}
