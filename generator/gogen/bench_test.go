package gogen_test

import (
	"testing"

	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/loadtest"
)

// BenchmarkRender measures writing the Go package of a synthetic catalog.
func BenchmarkRender(b *testing.B) {
	loadtest.EachSynth(b, func(b *testing.B, cat *model.Catalog, notice string) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := gogen.Render(cat, notice); err != nil {
				b.Fatal(err)
			}
		}
	})
}
