package gogen_test

import (
	"testing"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkRender measures writing the Go package of a synthetic catalog.
func BenchmarkRender(b *testing.B) {
	synthtest.Each(b, func(b *testing.B, dir string) {
		cat, err := load.Dir(dir)
		if err != nil {
			b.Fatal(err)
		}
		notice := files.Notice(cat.Model.Name)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := gogen.Render(cat.Model, notice); err != nil {
				b.Fatal(err)
			}
		}
	})
}
