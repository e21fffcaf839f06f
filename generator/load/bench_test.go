package load

import (
	"testing"

	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkLoad measures loading a synthetic catalog: reading it, CUE's
// evaluation, decoding it and building its model.
func BenchmarkLoad(b *testing.B) {
	synthtest.Each(b, func(b *testing.B, dir string) {
		for b.Loop() {
			if _, err := Dir(dir); err != nil {
				b.Fatal(err)
			}
		}
	})
}
