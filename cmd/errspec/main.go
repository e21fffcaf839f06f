// Command errspec turns an error catalog written in CUE into Go error types
// and constructors, Markdown reference docs and a JSON Schema.
//
// Run errspec help for usage.
package main

import (
	"os"

	"github.com/errspec/errspec/generator/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
