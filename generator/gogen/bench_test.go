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
	for _, n := range synthtest.Sizes() {
		b.Run(synthtest.Name(n), func(b *testing.B) {
			cat, err := load.Dir(synthtest.Dir(b, n))
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
}
