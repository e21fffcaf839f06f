package mdgen_test

import (
	"testing"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkRender measures writing the Markdown reference of a synthetic
// catalog.
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
				if _, err := mdgen.Render(cat.Model, notice, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
