package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestClosedPipe runs errspec with standard output a pipe whose reader
// is gone, as in errspec lint | head -0: the write fails, and errspec
// says so (STDOUT_FAILED) and exits 2, rather than die of SIGPIPE.
func TestClosedPipe(t *testing.T) {
	bin := buildErrspec(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	cmd := exec.Command(bin, "help")
	cmd.Dir = t.TempDir()
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("errspec help with a closed pipe: %v (%s), want exit status 2\nstderr:\n%s", err, cmd.ProcessState, stderr.String())
	}
	if !strings.Contains(stderr.String(), "writing to standard output failed") {
		t.Errorf("stderr does not report the failed write:\n%s", stderr.String())
	}
}
