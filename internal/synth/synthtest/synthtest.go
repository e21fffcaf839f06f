// Package synthtest gives tests and benchmarks synthetic catalogs, of the
// sizes the benchmarks measure.
package synthtest

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/errspec/errspec/internal/synth"
)

// Sizes returns the numbers of codes the benchmarks measure: 100, 1,000
// and 10,000, or those ERRSPEC_BENCH_SIZES lists, separated by commas.
func Sizes() []int {
	env := os.Getenv("ERRSPEC_BENCH_SIZES")
	if env == "" {
		return []int{100, 1000, 10000}
	}
	var out []int
	for _, s := range strings.Split(env, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// Name is the name of the sub-benchmark of a size: N=1000.
func Name(n int) string { return "N=" + strconv.Itoa(n) }

// Dir writes a synthetic catalog of n codes into a temporary directory of
// tb and returns the directory.
func Dir(tb testing.TB, n int) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := synth.Write(dir, n); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// Each runs f as a sub-benchmark of b for each of Sizes, named by Name,
// with the directory of a synthetic catalog of that size (Dir).
func Each(b *testing.B, f func(b *testing.B, dir string)) {
	for _, n := range Sizes() {
		b.Run(Name(n), func(b *testing.B) { f(b, Dir(b, n)) })
	}
}
