package cli

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// userTuned reports whether the user tunes the collector with GOGC or
// GOMEMLIMIT: errspec then leaves it as they say.
func userTuned() bool {
	return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
}

// collectInPlace lets the outputs of a loaded catalog render in the
// memory that evaluating the catalog took. It collects the garbage that
// evaluation left, nearly all the heap once the catalog is loaded, and
// sets the GC percent that puts the heap goal at the heap memory the
// runtime has mapped: rendering allocates much and keeps little, and
// pacing by its small live heap would collect many times over and map
// more memory than evaluation did. A memory limit of half again all the
// memory mapped is there only should rendering keep much more alive than
// evaluation: pacing by a memory limit alone costs more, since the
// runtime then returns memory to the system at every allocation that
// crosses it, only to map it again. It returns the function that restores
// the collector's settings. When the user tunes the collector, it leaves
// it as they say.
func collectInPlace() (restore func()) {
	if userTuned() {
		return func() {}
	}
	runtime.GC()
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/gc/scan/stack:bytes"},
		{Name: "/gc/scan/globals:bytes"},
	}
	metrics.Read(s)
	total := s[0].Value.Uint64()
	heap := s[1].Value.Uint64() + s[2].Value.Uint64() + s[3].Value.Uint64() + s[4].Value.Uint64()
	live := s[5].Value.Uint64()
	// The heap goal is what is alive, plus the GC percent of what is alive
	// and of the stacks and globals the collector scans.
	scanned := max(live+s[6].Value.Uint64()+s[7].Value.Uint64(), 1)
	percent := debug.SetGCPercent(max(100, int(100*(float64(heap)-float64(live))/float64(scanned))))
	limit := debug.SetMemoryLimit(int64(total + total/2))
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
