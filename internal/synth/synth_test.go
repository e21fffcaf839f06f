package synth_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/internal/synth"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// TestSameBytes checks that a size always gives the same catalog.
func TestSameBytes(t *testing.T) {
	a, b := synth.Files(50), synth.Files(50)
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs from one call to the next", a[i].Name)
		}
	}
}

// TestGeneratedPackage generates the outputs of a synthetic catalog,
// which checks its examples against the JSON Schema, then vets the Go
// package and runs its tests, which build every example with its
// constructor and compare the exact wire JSON the catalog gives.
func TestGeneratedPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	dir := synthtest.Dir(t, 60)
	set, err := generator.Generate(dir, generator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := files.Write(context.Background(), files.Options{}, set); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(dir, filepath.FromSlash(synth.GoDir))
	if err := os.WriteFile(filepath.Join(pkg, "go.mod"), []byte("module example.com/synth\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = pkg
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, out)
		}
	}
}
