package mdgen_test

import (
	"testing"

	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/loadtest"
)

// BenchmarkRender measures writing the Markdown reference of a synthetic
// catalog.
func BenchmarkRender(b *testing.B) {
	loadtest.EachSynth(b, func(b *testing.B, cat *model.Catalog, notice string) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := mdgen.Render(cat, notice, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
