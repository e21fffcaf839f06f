package cli

import (
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// gcSettings reads the collector's GC percent, -1 for off, and memory
// limit.
func gcSettings() (percent, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), debug.SetMemoryLimit(-1)
}

func TestCollectInPlace(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	percent, limit := gcSettings()
	restore := collectInPlace()
	p, l := gcSettings()
	if p != -1 {
		t.Errorf("GC percent while rendering = %d, want -1 (off)", p)
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	if l <= 0 || uint64(l) > s[0].Value.Uint64() {
		t.Errorf("memory limit while rendering = %d, want what the runtime has mapped, at most %d", l, s[0].Value.Uint64())
	}
	restore()
	if p, l := gcSettings(); p != percent || l != limit {
		t.Errorf("after restore: GC percent %d, memory limit %d; want %d, %d", p, l, percent, limit)
	}
}

func TestCollectInPlaceHonoursEnvironment(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "400")
			percent, limit := gcSettings()
			restore := collectInPlace()
			if p, l := gcSettings(); p != percent || l != limit {
				t.Errorf("with %s set: GC percent %d, memory limit %d; want them left at %d, %d", env, p, l, percent, limit)
			}
			restore()
		})
	}
}
