//go:build !race

// The race detector changes what escapes to the heap: the allocation
// counts hold only without it.

package agenttools_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/errspec/errspec/generated/agenttools"
)

// TestAllocations checks the allocations the benchmarks measure: none to
// match an error or look a code up, at most three to build one (its
// params, the error, and its texts).
func TestAllocations(t *testing.T) {
	e := fmt.Errorf("wrapped: %w", agenttools.NewUpstreamTimeout(30_000))
	rl := agenttools.NewRateLimited(600, "minute", 17) // it has an error text of its own
	buf := make([]byte, 0, 4096)
	for _, tt := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"construct", 3, func() { sinkErr = agenttools.NewRateLimited(600, "minute", 17) }},
		{"errors.Is code", 0, func() { sinkBool = errors.Is(e, agenttools.CodeUpstreamTimeout) }},
		{"errors.Is category", 0, func() { sinkBool = errors.Is(e, agenttools.CategoryInternal) }},
		{"lookup", 0, func() { sinkInfo, _ = agenttools.Lookup(agenttools.CodeRateLimited) }},
		{"Error()", 1, func() { sinkStr = rl.Error() }},
		{"AppendJSON", 0, func() { sinkBytes, _ = rl.AppendJSON(buf[:0]) }},
		{"MarshalJSON", 1, func() { sinkBytes, _ = rl.MarshalJSON() }},
	} {
		if got := testing.AllocsPerRun(100, tt.f); got > tt.max {
			t.Errorf("%s: %v allocations, want at most %v", tt.name, got, tt.max)
		}
	}
}
