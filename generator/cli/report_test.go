package cli

import (
	"fmt"
	"io/fs"
	"testing"
)

// TestFindProblemPermission checks that a directory below a pattern that
// errspec may not read is named in the fix, with what to do about it:
// running as root, a test cannot make one.
func TestFindProblemPermission(t *testing.T) {
	err := fmt.Errorf("walking: %w", &fs.PathError{Op: "open", Path: "data/db", Err: fs.ErrPermission})
	p := findProblem(err, "name catalog directories that exist")
	want := "make data/db readable, or name the catalog directories rather than a pattern that walks through it"
	if p.err.Suggestion != want {
		t.Errorf("fix %q, want %q", p.err.Suggestion, want)
	}
}
