package mdline

import "testing"

func TestFences(t *testing.T) {
	for _, tt := range []struct {
		open, fence string
		closes      map[string]bool
	}{
		{"```", "```", map[string]bool{"```": true, "````": true, "``` ": true, "``": false, "~~~": false, "```go": false}},
		{"````markdown", "````", map[string]bool{"```": false, "````": true, "`````": true}},
		{"~~~ sh", "~~~", map[string]bool{"~~~": true, "```": false, "~~~~": true}},
		{"``` a`b", "", nil},
		{"``", "", nil},
		{"text", "", nil},
	} {
		if got := OpensFence(tt.open); got != tt.fence {
			t.Errorf("OpensFence(%q) = %q, want %q", tt.open, got, tt.fence)
		}
		for line, want := range tt.closes {
			if got := ClosesFence(line, tt.fence); got != want {
				t.Errorf("ClosesFence(%q, %q) = %v, want %v", line, tt.fence, got, want)
			}
		}
	}
}

func TestClosingRun(t *testing.T) {
	for _, tt := range []struct {
		s       string
		from, n int
		want    int
	}{
		{"`a`", 1, 1, 2},
		{"``a`b``", 2, 2, 5},
		{"`a``b`", 1, 1, 5},
		{"`a", 1, 1, -1},
		{"``a```", 2, 2, -1},
	} {
		if got := ClosingRun(tt.s, tt.from, tt.n); got != tt.want {
			t.Errorf("ClosingRun(%q, %d, %d) = %d, want %d", tt.s, tt.from, tt.n, got, tt.want)
		}
	}
}
