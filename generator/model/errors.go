package model

import (
	"fmt"
	"strings"
)

// Error is a problem with a catalog that the schema cannot express. Path
// locates the offending value in the catalog (for example codes, FOO,
// message) so that the loader can report its file:line:col.
type Error struct {
	Path []string
	Msg  string // what is wrong, one line
	Fix  string // how to fix it, one line
	// At is where in the string at Path the problem is, when it is one
	// part of it (a placeholder of a template): its byte offset in the
	// string, plus one. Zero is the value as a whole.
	At int
}

func (e *Error) Error() string {
	s := strings.Join(e.Path, ".") + ": " + e.Msg
	if e.Fix != "" {
		s += "\n\t" + e.Fix
	}
	return s
}

// Errors is every problem found in a catalog, in catalog order.
type Errors []*Error

func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

type errorList struct{ errs Errors }

func (l *errorList) add(path []string, fix string, format string, args ...any) {
	l.errs = append(l.errs, &Error{Path: append([]string(nil), path...), Msg: fmt.Sprintf(format, args...), Fix: fix})
}

// addAt records a problem at byte offset i of the string at path.
func (l *errorList) addAt(path []string, i int, fix string, format string, args ...any) {
	l.add(path, fix, format, args...)
	l.since(len(l.errs)-1, i)
}

// since places the problems recorded since the first n at byte offset i
// of the string at their path.
func (l *errorList) since(n, i int) {
	for _, e := range l.errs[n:] {
		e.At = i + 1
	}
}

func at(elems ...string) []string { return elems }
