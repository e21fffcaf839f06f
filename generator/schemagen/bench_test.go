package schemagen_test

import (
	"testing"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/generator/schemagen"
	"github.com/errspec/errspec/internal/loadtest"
)

// BenchmarkRender measures writing the JSON Schema of a synthetic catalog.
func BenchmarkRender(b *testing.B) {
	loadtest.EachSynth(b, func(b *testing.B, cat *model.Catalog, notice string) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := schemagen.Render(cat, notice); err != nil {
				b.Fatal(err)
			}
		}
	})
}
