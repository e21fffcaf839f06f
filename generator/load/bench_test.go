package load

import (
	"testing"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkLoad measures loading a synthetic catalog: cue, parsing it,
// evaluating it with CUE, exporting and decoding it; model, building the
// model; and Dir, the two.
func BenchmarkLoad(b *testing.B) {
	for _, n := range synthtest.Sizes() {
		b.Run(synthtest.Name(n), func(b *testing.B) {
			dir := synthtest.Dir(b, n)
			files, err := cueFiles(dir)
			if err != nil {
				b.Fatal(err)
			}
			in, ok := exportFast(dir, files)
			if !ok {
				b.Fatal("the catalog does not load the fast way")
			}
			b.Run("cue", func(b *testing.B) {
				for b.Loop() {
					exportFast(dir, files)
				}
			})
			b.Run("model", func(b *testing.B) {
				for b.Loop() {
					if _, err := model.Build(in); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("Dir", func(b *testing.B) {
				for b.Loop() {
					if _, err := Dir(dir); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
