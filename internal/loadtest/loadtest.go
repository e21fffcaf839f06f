// Package loadtest loads catalogs written in tests.
package loadtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// Catalog writes src, the CUE of a catalog, into a temporary directory of
// tb, loads it and returns its model; the test fails when it does not
// load.
func Catalog(tb testing.TB, src string) *model.Catalog {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	cat, err := load.Dir(dir)
	if err != nil {
		tb.Fatalf("loading the catalog:\n%s\n%v", src, err)
	}
	return cat.Model
}

// EachSynth runs f as a sub-benchmark of b for each size of synthetic
// catalog (synthtest.Each), with the catalog loaded and the notice its
// generated files begin with: what a benchmark of an output's renderer
// takes.
func EachSynth(b *testing.B, f func(b *testing.B, cat *model.Catalog, notice string)) {
	synthtest.Each(b, func(b *testing.B, dir string) {
		cat, err := load.Dir(dir)
		if err != nil {
			b.Fatal(err)
		}
		f(b, cat.Model, files.Notice(cat.Model.Name))
	})
}
