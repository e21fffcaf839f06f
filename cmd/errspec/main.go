// Command errspec turns an error catalog written in CUE into Go error types
// and constructors, Markdown reference docs and a JSON Schema.
//
// Run errspec help for usage.
package main

import (
	"os"
	"runtime/debug"

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
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
