package load

import (
	"testing"

	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkLoad measures loading a synthetic catalog: reading it, CUE's
// evaluation, decoding it and building its model.
func BenchmarkLoad(b *testing.B) {
	for _, n := range synthtest.Sizes() {
		b.Run(synthtest.Name(n), func(b *testing.B) {
			dir := synthtest.Dir(b, n)
			for b.Loop() {
				if _, err := Dir(dir); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
