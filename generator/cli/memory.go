package cli

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// collectInPlace lets the outputs of a loaded catalog render in the memory
// that evaluating the catalog took: it turns off the collector's pacing by
// heap growth and sets a memory limit of all the memory the runtime has
// mapped so far, so that the collector runs only when rendering needs
// more. Evaluation leaves most of that memory free, and rendering
// allocates much and keeps little: pacing by its small live heap would
// collect many times over, and return memory to the system only to map it
// again. The peak memory of the run stays what evaluation made it. It
// returns the function that restores the collector's settings. When GOGC
// or GOMEMLIMIT is set, it leaves the collector as they say.
func collectInPlace() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	limit := debug.SetMemoryLimit(int64(s[0].Value.Uint64()))
	percent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
