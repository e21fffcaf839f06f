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
		// A run allocates much and lives briefly: collecting garbage
		// half as often saves about a tenth of its time, and its peak
		// memory stays under what CUE needs to evaluate the catalog
		// (BENCHMARKS.md).
		debug.SetGCPercent(200)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
