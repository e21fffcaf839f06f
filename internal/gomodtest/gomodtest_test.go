package gomodtest

import "testing"

func TestUnreachable(t *testing.T) {
	for out, want := range map[string]bool{
		`go: github.com/x/y@v1.0.0: Get "https://proxy.golang.org/github.com/x/y/@v/v1.0.0.mod": dial tcp: lookup proxy.golang.org: no such host`: true,
		`go: downloading x: read tcp 10.0.0.2:4000->1.2.3.4:443: i/o timeout`:                                                                     true,
		`go: github.com/x/y@v9.9.9: reading https://proxy.golang.org/github.com/x/y/@v/v9.9.9.info: 404 Not Found`:                                false,
		`go: updates to go.mod needed`: false,
	} {
		if got := unreachable(out); got != want {
			t.Errorf("unreachable(%q) = %t, want %t", out, got, want)
		}
	}
}

// TestGoNetSkips checks that a test whose go command cannot reach the
// module proxy is skipped: here the proxy is a port nothing listens on.
func TestGoNetSkips(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	t.Setenv("GOPROXY", "http://127.0.0.1:9")
	t.Setenv("GOSUMDB", "off")
	var sub *testing.T
	t.Run("get", func(t *testing.T) {
		sub = t
		New(t, "example.com/offline", nil, "").GoNet("get", "example.com/not/cached@v1.0.0")
	})
	if !sub.Skipped() {
		t.Error("the test was not skipped")
	}
}
