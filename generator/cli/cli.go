// Package cli is errspec's command line: it parses arguments, runs the
// generator and turns the outcome into output and an exit code.
package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
)

// Exit codes.
const (
	ExitOK      = 0 // success; for check, the outputs are fresh
	ExitDrift   = 1 // check found outputs that differ from the catalog
	ExitInvalid = 2 // an invalid catalog, bad usage, or a failure to write
)

const usage = `errspec turns an error catalog written in CUE into Go, Markdown and JSON Schema.

Usage:
  errspec [generate] [flags] [DIR ...]   write the outputs of the catalogs
  errspec check [flags] [DIR ...]        compare the outputs with the disk
  errspec help                           print this text

DIR is a catalog directory, or a directory followed by /... for every
catalog below it (a directory whose .cue files declare codes). The default
is ./...

Flags:
  --templates DIR   override embedded Markdown templates by file name
  --format FORMAT   text (default) or json: how problems are printed

Exit codes: 0 ok, 1 drift found (check), 2 invalid catalog, usage or I/O error.
`

// Main runs errspec with args (without the program name) and returns the
// exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	cmd := "generate"
	if len(args) > 0 {
		switch args[0] {
		case "generate", "check":
			cmd, args = args[0], args[1:]
		case "help", "-h", "-help", "--help":
			fmt.Fprint(stdout, usage)
			return ExitOK
		}
	}
	fset := flag.NewFlagSet("errspec "+cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	templates := fset.String("templates", "", "")
	format := fset.String("format", "text", "")
	if err := fset.Parse(args); err != nil {
		fmt.Fprintf(stderr, "errspec: %v\n\n%s", err, usage)
		return ExitInvalid
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "errspec: --format must be text or json, not %q\n", *format)
		return ExitInvalid
	}
	r := &run{stdout: stdout, stderr: stderr, json: *format == "json"}
	var opts generator.Options
	if *templates != "" {
		if st, err := os.Stat(*templates); err != nil || !st.IsDir() {
			return r.fail(load.Diagnostic{Msg: fmt.Sprintf("--templates %s is not a directory", *templates),
				Fix: "give the directory that holds your template overrides"})
		}
		opts.Templates = os.DirFS(*templates)
	}

	dirs, err := generator.Find(fset.Args())
	if err != nil {
		return r.fail(load.Diagnostic{Msg: err.Error()})
	}
	if len(dirs) == 0 {
		return r.fail(load.Diagnostic{Msg: "no catalog found", Fix: "name a catalog directory, or run errspec where a directory below holds .cue files that declare codes"})
	}
	// Every catalog is loaded and rendered before anything is written.
	var sets []files.Set
	var diags load.Diagnostics
	for _, dir := range dirs {
		set, err := generator.Generate(dir, opts)
		var ds load.Diagnostics
		switch {
		case errors.As(err, &ds):
			diags = append(diags, ds...)
		case err != nil:
			diags = append(diags, load.Diagnostic{Msg: fmt.Sprintf("%s: %v", dir, err)})
		default:
			sets = append(sets, set)
		}
	}
	if len(diags) > 0 {
		return r.fail(diags...)
	}
	if cmd == "check" {
		return r.check(sets)
	}
	return r.generate(sets)
}

type run struct {
	stdout, stderr io.Writer
	json           bool
}

// fail prints problems, in text or as one JSON object per line, and
// returns ExitInvalid.
func (r *run) fail(ds ...load.Diagnostic) int {
	for _, d := range ds {
		if r.json {
			b, _ := json.Marshal(d)
			fmt.Fprintf(r.stderr, "%s\n", b)
			continue
		}
		fmt.Fprintln(r.stderr, d.String())
	}
	if !r.json && len(ds) > 1 {
		fmt.Fprintf(r.stderr, "%d problems\n", len(ds))
	}
	return ExitInvalid
}

func (r *run) generate(sets []files.Set) int {
	// Plan every set first, so that a refusal in one catalog writes
	// nothing for any.
	for _, s := range sets {
		if _, err := files.Plan(s); err != nil {
			return r.fail(load.Diagnostic{Msg: err.Error(), Fix: "move the file away, or change the output path in the catalog"})
		}
	}
	for _, s := range sets {
		changes, err := files.Write(s)
		if err != nil {
			return r.fail(load.Diagnostic{Msg: err.Error()})
		}
		for _, c := range changes {
			if c.Status != files.Unchanged {
				fmt.Fprintf(r.stdout, "%s %s\n", c.Status, c.Path)
			}
		}
	}
	return ExitOK
}

func (r *run) check(sets []files.Set) int {
	var all []files.Change
	for _, s := range sets {
		changes, err := files.Plan(s)
		if err != nil {
			return r.fail(load.Diagnostic{Msg: err.Error(), Fix: "move the file away, or change the output path in the catalog"})
		}
		all = append(all, changes...)
	}
	if !files.Drift(all) {
		return ExitOK
	}
	report := files.Report(all)
	fmt.Fprint(r.stdout, report)
	if !strings.HasSuffix(report, "\n") {
		fmt.Fprintln(r.stdout)
	}
	fmt.Fprintln(r.stderr, "errspec check: generated files are out of date; run errspec generate (or go generate ./...) and commit the result")
	return ExitDrift
}
