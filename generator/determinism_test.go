package generator

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/gogen"
)

// outputs renders the catalog in dir and returns its outputs by path
// relative to dir.
func outputs(t *testing.T, dir string) map[string]string {
	t.Helper()
	set, err := Generate(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range set.Files {
		rel, err := filepath.Rel(dir, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.ToSlash(rel)] = string(f.Data)
	}
	return out
}

// TestDeterministic renders the example catalog again and again, from its
// files under other names (so that they load in another order), and
// compares the bytes.
func TestDeterministic(t *testing.T) {
	const src = "../spec/agenttools"
	want := outputs(t, src)
	if diff := cmp.Diff(want, outputs(t, src)); diff != "" {
		t.Fatalf("a second run differs (-first +second):\n%s", diff)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	// The same files, named so that they sort the other way round, in a
	// directory at the same depth so that relative output paths agree.
	dir := filepath.Join(t.TempDir(), "spec", "shuffled")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The test of the examples names the file of each example, which is
	// its own name again once the renaming is undone.
	var renamed []string
	for i, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		name := string(rune('z'-i)) + "_" + e.Name()
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		renamed = append(renamed, `"../../spec/shuffled/`+name+`:`, `"../../spec/agenttools/`+e.Name()+`:`)
	}
	got := outputs(t, dir)
	for path, data := range got {
		if filepath.Base(path) == gogen.ExamplesFile {
			got[path] = strings.NewReplacer(renamed...).Replace(data)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files loaded in another order give other output (-sorted +shuffled):\n%s", diff)
	}
}

// TestDeterministicAcrossGOMAXPROCS checks the committed outputs with the
// errspec command run on one, two and eight threads.
func TestDeterministicAcrossGOMAXPROCS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the errspec command")
	}
	bin := filepath.Join(t.TempDir(), "errspec")
	build := exec.Command("go", "build", "-o", bin, "../cmd/errspec")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, procs := range []string{"1", "2", "8"} {
		cmd := exec.Command(bin, "check", "./spec/...")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOMAXPROCS=%s errspec check: %v\n%s", procs, err, out)
		}
	}
}
