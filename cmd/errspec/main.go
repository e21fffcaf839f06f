// Command errspec turns an error catalog written in CUE into Go error types
// and constructors, Markdown reference docs and a JSON Schema.
//
// Run errspec help for usage.
package main

import (
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/errspec/errspec/generator/cli"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// A run allocates much and lives briefly: while CUE evaluates
		// the catalog, letting the heap grow to five times what is alive
		// collects garbage a quarter as often as Go's default, and the
		// peak memory stays near what CUE needs to evaluate the catalog
		// (BENCHMARKS.md). The outputs then render in the memory
		// evaluation took (cli).
		debug.SetGCPercent(400)
	}
	// A reader that goes away early (errspec lint | head -1) makes a
	// write to standard output fail with EPIPE rather than kill errspec
	// with SIGPIPE, as Go does by default: errspec reports it as
	// STDOUT_FAILED and exits 2, as for any output it cannot write.
	signal.Ignore(syscall.SIGPIPE)
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
