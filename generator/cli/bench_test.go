package cli

import (
	"io"
	"testing"

	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkLint measures errspec lint on a synthetic catalog, whose
// findings (a few in a hundred codes) are each placed at their position:
// the catalog is evaluated again once for all of them.
func BenchmarkLint(b *testing.B) {
	synthtest.Each(b, func(b *testing.B, dir string) {
		for b.Loop() {
			if code := Main([]string{"lint", dir}, io.Discard, io.Discard); code != ExitFound {
				b.Fatalf("errspec lint exited %d, want %d: the synthetic catalog has findings", code, ExitFound)
			}
		}
	})
}
