package par

import (
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDo(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 100} {
		seen := make([]int32, n)
		Do(n, func(i int) { atomic.AddInt32(&seen[i], 1) })
		for i, c := range seen {
			if c != 1 {
				t.Errorf("n=%d: f(%d) called %d times", n, i, c)
			}
		}
	}
}

func TestChunks(t *testing.T) {
	for _, tt := range []struct {
		n, size int
		want    [][2]int
	}{
		{0, 3, nil},
		{3, 3, [][2]int{{0, 3}}},
		{7, 3, [][2]int{{0, 3}, {3, 6}, {6, 7}}},
	} {
		if diff := cmp.Diff(tt.want, Chunks(tt.n, tt.size)); diff != "" {
			t.Errorf("Chunks(%d, %d) (-want +got):\n%s", tt.n, tt.size, diff)
		}
	}
}
