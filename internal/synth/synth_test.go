package synth_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/internal/parsecheck"
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
	mod := parsecheck.Module(t, "example.com/synth")
	pkg := filepath.Join(dir, filepath.FromSlash(synth.GoDir))
	entries, err := os.ReadDir(pkg)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(pkg, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		mod.Write("synth/"+e.Name(), string(data))
	}
	parsecheck.Write(t, mod, "synth", "synth", dir)
	mod.Go("vet", "./synth")
	mod.Go("test", "./synth")
}
