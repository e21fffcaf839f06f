// Command synth writes a synthetic errspec catalog of N codes, for
// benchmarks:
//
//	go run ./internal/synth/cmd -n 1000 -o /tmp/synth1000
//
// With -cue, it writes instead a CUE package that
//
//	cue export -e errspec_catalog
//
// evaluates as errspec evaluates the catalog: the catalog unified with
// errspec's schema, #Catalog.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/errspec/errspec/internal/synth"
	"github.com/errspec/errspec/spec"
)

func main() {
	n := flag.Int("n", 1000, "the number of codes")
	out := flag.String("o", "", "the directory to write the catalog into")
	cue := flag.Bool("cue", false, "write the package for cue export: the catalog and errspec's schema")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: synth [-n N] [-cue] -o DIR")
		os.Exit(2)
	}
	var err error
	if *cue {
		err = synth.WriteCUEExport(*out, *n, spec.Schema)
	} else {
		err = synth.Write(*out, *n)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
}
