// Package cli is errspec's command line: it parses arguments, runs the
// generator and turns the outcome into output and an exit code.
package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/errspec/errspec/generated/diagnostics"
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
  errspec explain [flags] CODE           print the documentation of a code
  errspec help                           print this text

DIR is a catalog directory, or a directory followed by /... for every
catalog below it (a directory whose .cue files declare codes). The default
is ./...

Flags:
  --templates DIR   override embedded Markdown templates by file name
  --format FORMAT   text (default) or json: how problems are printed, and
                    for explain how the code is
  --dir DIR         explain: the catalog to look in (default ./...)

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
		case "explain":
			return runExplain(args[1:], stdout, stderr)
		case "help", "-h", "-help", "--help":
			fmt.Fprint(stdout, usage)
			return ExitOK
		}
	}
	fset := flag.NewFlagSet("errspec "+cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	templates := fset.String("templates", "", "")
	format := fset.String("format", "text", "")
	r := &run{stdout: stdout, stderr: stderr}
	if err := fset.Parse(args); err != nil {
		return r.usage(err.Error())
	}
	if *format != "text" && *format != "json" {
		return r.report(usageProblem(fmt.Sprintf("--format must be text or json, not %q", *format), "use --format text or --format json"))
	}
	r.json = *format == "json"
	var opts generator.Options
	if *templates != "" {
		if st, err := os.Stat(*templates); err != nil || !st.IsDir() {
			return r.report(usageProblem(fmt.Sprintf("--templates %s is not a directory", *templates),
				"give the directory that holds your template overrides"))
		}
		opts.Templates = os.DirFS(*templates)
	}

	dirs, err := generator.Find(fset.Args())
	if err != nil {
		return r.report(usageProblem(err.Error(), "name catalog directories that exist"))
	}
	if len(dirs) == 0 {
		where := "./..."
		if fset.NArg() > 0 {
			where = strings.Join(fset.Args(), " ")
		}
		return r.report(problem{err: diagnostics.NewCatalogNotFound(where)})
	}
	// Every catalog is loaded and rendered before anything is written.
	var sets []files.Set
	var problems []problem
	// Each catalog renders in the memory its evaluation took; the
	// collector's settings come back before the next loads, and at the
	// end, not right after rendering: what follows allocates little.
	restore := func() {}
	defer func() { restore() }()
	for _, dir := range dirs {
		restore()
		restore = func() {}
		cat, err := load.Dir(dir)
		if err != nil {
			problems = append(problems, fromError(dir, err)...)
			continue
		}
		restore = collectInPlace()
		set, err := generator.Render(cat, opts)
		if err != nil {
			problems = append(problems, fromError(dir, err)...)
			continue
		}
		sets = append(sets, set)
	}
	if len(problems) > 0 {
		return r.report(problems...)
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

func (r *run) generate(sets []files.Set) int {
	// An interrupt while files are written is caught: the write is undone,
	// so the tree is as it was.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// With several catalogs, plan every set first, so that a refusal in
	// one writes nothing for any. Write plans each set again before it
	// writes, which for one catalog is enough.
	if len(sets) > 1 {
		for _, s := range sets {
			if _, err := files.Plan(s); err != nil {
				return r.report(fromWrite(err)...)
			}
		}
	}
	for _, s := range sets {
		changes, err := files.Write(ctx, s)
		if err != nil {
			return r.report(fromWrite(err)...)
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
			return r.report(fromWrite(err)...)
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
	var drift diagnostics.DriftOptions
	count := 0
	for _, c := range all {
		p := filepath.ToSlash(c.Path)
		switch c.Status {
		case files.Created:
			drift.Missing = append(drift.Missing, p)
		case files.Changed:
			drift.Changed = append(drift.Changed, p)
		case files.Stale:
			drift.Stale = append(drift.Stale, p)
		default:
			continue
		}
		count++
	}
	return r.report(problem{err: diagnostics.NewDrift(count, drift)})
}
