// Package gomodtest makes temporary Go modules that use this checkout of
// errspec, for tests that build and run what errspec generates as a user
// would: with the go command, in a module of their own.
package gomodtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Root returns the directory of this checkout's go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.HasPrefix(string(data), "module github.com/errspec/errspec\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod of github.com/errspec/errspec above the working directory")
		}
		dir = parent
	}
}

// Requirement returns the requirement of this checkout's go.mod on the
// module path, as "path version", for a temporary module that needs the
// same version.
func Requirement(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == path {
			return f[0] + " " + f[1]
		}
		if len(f) >= 3 && f[0] == "require" && f[1] == path {
			return f[1] + " " + f[2]
		}
	}
	t.Fatalf("go.mod does not require %s", path)
	return ""
}

// Module is a temporary module.
type Module struct {
	t   testing.TB
	Dir string
}

// New makes a temporary module named path that requires this checkout of
// errspec (through a replace) and holds files, keyed by slash-separated
// paths; gomod, when not empty, is added to its go.mod.
func New(t testing.TB, path string, files map[string]string, gomod string) *Module {
	t.Helper()
	root := Root(t)
	m := &Module{t: t, Dir: t.TempDir()}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	m.Write("go.mod", "module "+path+"\n\ngo 1.25.0\n\n"+
		"require github.com/errspec/errspec v0.0.0\n\n"+
		"replace github.com/errspec/errspec => "+root+"\n"+gomod)
	m.Write("go.sum", string(sum))
	for name, data := range files {
		m.Write(name, data)
	}
	return m
}

// Plain makes a temporary module named path, of the go release goVersion,
// that requires nothing and holds files: a user's module before errspec.
func Plain(t testing.TB, path, goVersion string, files map[string]string) *Module {
	t.Helper()
	m := &Module{t: t, Dir: t.TempDir()}
	m.Write("go.mod", "module "+path+"\n\ngo "+goVersion+"\n")
	for name, data := range files {
		m.Write(name, data)
	}
	return m
}

// Shell runs a line of sh in the module, with the environment the go
// command gets from Run, and returns its combined output. It skips the
// test when the line needs the module proxy and it cannot be reached, and
// fails it on any other error.
func (m *Module) Shell(line string) string {
	m.t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = m.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if unreachable(string(out)) {
			m.t.Skipf("skipped: %s needs the module proxy, which cannot be reached:\n%s", line, out)
		}
		m.t.Fatalf("%s: %v\n%s", line, err, out)
	}
	return string(out)
}

// Write writes a file of the module.
func (m *Module) Write(name, data string) {
	m.t.Helper()
	p := filepath.Join(m.Dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		m.t.Fatal(err)
	}
}

// Go runs the go command in the module and returns its combined output;
// it fails the test when the command fails.
func (m *Module) Go(args ...string) string {
	m.t.Helper()
	out, err := m.Run(args...)
	if err != nil {
		m.t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// Run runs the go command in the module and returns its combined output
// and error.
func (m *Module) Run(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = m.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// GoNet runs a go command that may download modules, such as go get or
// go mod tidy, and returns its output. It skips the test, saying why, when
// the module proxy or the checksum database cannot be reached, and fails
// it on any other error.
func (m *Module) GoNet(args ...string) string {
	m.t.Helper()
	out, err := m.Run(args...)
	if err == nil {
		return out
	}
	if unreachable(out) {
		m.t.Skipf("skipped: go %s needs the module proxy, which cannot be reached; run the test where it can:\n%s",
			strings.Join(args, " "), strings.TrimSpace(out))
	}
	m.t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	return ""
}

// unreachable reports whether the go command's output says a server could
// not be reached, rather than that it answered no.
func unreachable(out string) bool {
	for _, s := range []string{"dial tcp", "no such host", "connection refused", "connection reset", "i/o timeout",
		"TLS handshake timeout", "proxyconnect", "network is unreachable", "server misbehaving", "Client.Timeout"} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

// SetGo sets the go line of the module's go.mod.
func (m *Module) SetGo(version string) {
	m.t.Helper()
	m.Go("mod", "edit", "-go="+version)
}
