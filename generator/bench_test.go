package generator_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkRender measures rendering every output of a synthetic catalog
// from its model, the check of its examples against its JSON Schema
// included: the outputs render in parallel.
func BenchmarkRender(b *testing.B) {
	synthtest.Each(b, func(b *testing.B, dir string) {
		cat, err := load.Dir(dir)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := generator.Render(cat, generator.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkGenerate measures loading a synthetic catalog and rendering
// its outputs.
func BenchmarkGenerate(b *testing.B) {
	synthtest.Each(b, func(b *testing.B, dir string) {
		for b.Loop() {
			if _, err := generator.Generate(dir, generator.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestSynthSmoke runs the benchmarked pipeline once on a small synthetic
// catalog: it generates, writes, and generates again, which must find
// nothing to change and write no file.
func TestSynthSmoke(t *testing.T) {
	dir := synthtest.Dir(t, 10)
	set, err := generator.Generate(dir, generator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := files.Write(context.Background(), files.Options{}, set); err != nil {
		t.Fatal(err)
	}
	before := map[string]time.Time{}
	for _, f := range set.Files {
		st, err := os.Stat(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		before[f.Path] = st.ModTime()
	}
	set, err = generator.Generate(dir, generator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	changes, err := files.Write(context.Background(), files.Options{}, set)
	if err != nil {
		t.Fatal(err)
	}
	if files.Drift(changes) {
		t.Errorf("the second run changed files: %v", changes)
	}
	for p, mod := range before {
		if st, err := os.Stat(p); err != nil || !st.ModTime().Equal(mod) {
			t.Errorf("%s was written again", p)
		}
	}
}
