package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"github.com/errspec/errspec/generator/files"
)

// TestFindProblemMissing checks that a pattern whose directory does not
// exist is named as such, not by the system call that found it.
func TestFindProblemMissing(t *testing.T) {
	err := &fs.PathError{Op: "lstat", Path: "nosuch", Err: fs.ErrNotExist}
	if p, want := findProblem(err, "fix"), "no directory nosuch"; !strings.Contains(p.err.Error(), want) || strings.Contains(p.err.Error(), "lstat") {
		t.Errorf("findProblem = %q, want %q", p.err.Error(), want)
	}
}

// TestFindProblemMissingUnderGenerate checks that a pattern of a
// //go:generate line whose directory does not exist says where go
// generate read it from.
func TestFindProblemMissingUnderGenerate(t *testing.T) {
	t.Setenv("GOFILE", "gen.go")
	t.Setenv("GOLINE", "3")
	err := &fs.PathError{Op: "lstat", Path: "nosuch", Err: fs.ErrNotExist}
	if p, want := findProblem(err, "fix"), "no directory nosuch, read from the directory of gen.go, where go generate runs the errspec of gen.go:3"; !strings.Contains(p.err.Error(), want) {
		t.Errorf("findProblem = %q, want %q", p.err.Error(), want)
	}
}

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

// TestFromWriteInterruptedRestoreFails checks the report of a run
// interrupted while it wrote, whose restore then failed: the reason says
// where the run was interrupted, without Go's "context canceled".
func TestFromWriteInterruptedRestoreFails(t *testing.T) {
	r := &run{}
	ps := r.fromWrite(&files.WriteError{
		Op: "interrupted before writing", Path: "gen/errors.schema.json", Err: context.Canceled,
		Restore: errors.New("restoring gen/errors.go from gen/.errspec-errors.go.bak: no such file or directory"),
	})
	if len(ps) != 1 {
		t.Fatalf("fromWrite gave %d problems, want 1", len(ps))
	}
	msg := ps[0].err.Message
	want := "writing the outputs failed: interrupted before writing gen/errors.schema.json; restoring the previous files failed too: "
	if !strings.HasPrefix(msg, want) {
		t.Errorf("message %q, want one starting %q", msg, want)
	}
}

// TestFromWriteUnreadable checks the report of an output that errspec
// may not read, which generate and check must compare with what they
// produce: a failure to read, with the file to make readable, where it
// was a failure to write with "make the output directories writable".
func TestFromWriteUnreadable(t *testing.T) {
	r := &run{}
	ps := r.fromWrite(&files.ReadError{Path: "gen/ERRORS.md", Err: fs.ErrPermission})
	if len(ps) != 1 {
		t.Fatalf("fromWrite gave %d problems, want 1", len(ps))
	}
	e := ps[0].err
	if got, want := e.Code, "OUTPUT_UNREADABLE"; string(got) != want {
		t.Errorf("code %s, want %s", got, want)
	}
	if got, want := e.Message, "reading gen/ERRORS.md failed: permission denied"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if got, want := e.Suggestion, "make gen/ERRORS.md readable for you, then run errspec again; no file was changed"; got != want {
		t.Errorf("suggestion %q, want %q", got, want)
	}
}

// TestFromWriteFixes checks the suggestion of a failure to write for the
// kinds of failure that have a fix of their own: each says what to do
// once, and the suggestion says to run errspec again once.
func TestFromWriteFixes(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{files.ErrModified, "another program changed gen while errspec ran: wait until it is done, then run errspec again; no file was changed"},
		{syscall.EFBIG, "raise the limit on the size of a file that errspec may write (ulimit -f), then run errspec again; no file was changed"},
		{syscall.ENOSPC, "free space on the file system that holds gen, then run errspec again; no file was changed"},
	} {
		r := &run{}
		ps := r.fromWrite(&files.WriteError{Op: "writing", Path: "gen/ERRORS.md", Err: tc.err})
		if len(ps) != 1 {
			t.Fatalf("%v: fromWrite gave %d problems, want 1", tc.err, len(ps))
		}
		if got := ps[0].err.Suggestion; got != tc.want {
			t.Errorf("%v: suggestion\n%q, want\n%q", tc.err, got, tc.want)
		}
		if n := strings.Count(ps[0].err.Suggestion, "run errspec again"); n != 1 {
			t.Errorf("%v: suggestion says to run errspec again %d times, want once", tc.err, n)
		}
	}
}
