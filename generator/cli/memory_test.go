package cli

import (
	"runtime"
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
	// The heap as evaluation leaves it: a model alive, and garbage that
	// takes four times its memory.
	var model, garbage [][]byte
	for i := range 5 << 10 {
		if b := make([]byte, 4<<10); i%5 == 0 {
			model = append(model, b)
		} else {
			garbage = append(garbage, b)
		}
	}
	garbage = nil
	cycles := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(cycles)
	before := cycles[0].Value.Uint64()
	restore := collectInPlace()
	p, l := gcSettings()
	metrics.Read(cycles)
	if cycles[0].Value.Uint64() == before {
		t.Error("collectInPlace did not collect the garbage before rendering")
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s)
	total, goal := s[0].Value.Uint64(), s[1].Value.Uint64()
	if p < 100 {
		t.Errorf("GC percent while rendering = %d, want at least Go's default, 100", p)
	}
	if goal > total {
		t.Errorf("heap goal while rendering = %d, want at most the memory mapped, %d", goal, total)
	}
	if uint64(l) < total || uint64(l) > 2*total {
		t.Errorf("memory limit while rendering = %d, want half again the memory mapped, %d", l, total)
	}
	restore()
	runtime.KeepAlive(model)
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
