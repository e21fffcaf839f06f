// Package cli is errspec's command line: it parses arguments, runs the
// generator and turns the outcome into output and an exit code.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/testhook"
	"github.com/errspec/errspec/internal/textsafe"
)

// Exit codes.
const (
	ExitOK      = 0 // success; for check, the outputs are fresh
	ExitDrift   = 1 // check found outputs that differ from the catalog
	ExitInvalid = 2 // an invalid catalog, bad usage, or a failure to write
)

// runGenerate runs errspec generate, or errspec check when c is check.
func runGenerate(c *command, args []string, stdout, stderr io.Writer) int {
	cmd := c.name
	fset := c.flags()
	templates := fset.String("templates", "", "")
	format := fset.String("format", "text", "")
	verbose := false
	if cmd == "generate" {
		fset.BoolVar(&verbose, "v", false, "")
	}
	r, args, code, ok := c.start(fset, format, args, stdout, stderr)
	if !ok {
		return code
	}
	r.verbose = verbose
	opts := generator.Options{Warn: r.warn}
	if *templates != "" {
		if st, err := os.Stat(*templates); err != nil || !st.IsDir() {
			return r.report(usageProblem(fmt.Sprintf("--templates %s is not a directory", *templates),
				"give the directory that holds your template overrides"))
		}
		entries, err := os.ReadDir(*templates)
		if err != nil {
			err = files.Cause(err)
			fix := "make " + *templates + " readable for you (chmod u+rx)"
			if !errors.Is(err, fs.ErrPermission) {
				fix = "fix what the error says, or give another directory of template overrides"
			}
			return r.report(usageProblem(fmt.Sprintf("--templates %s cannot be listed: %v", *templates, err), fix))
		}
		if p, ok := checkTemplatesDir(*templates, entries); !ok {
			return r.report(p)
		}
		opts.Templates = os.DirFS(*templates)
		opts.TemplatesDir = *templates
	}

	// An interrupt is caught from here on: before anything is written it
	// ends the run, and while files are written the write is undone, so
	// that the tree is as it was (files.Write).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	r.ctx = ctx

	dirs, err := generator.Find(args)
	if err != nil {
		return r.report(findProblem(err, "name catalog directories that exist"))
	}
	if len(dirs) == 0 {
		// The catalogs begun or misspelt are loaded as any other.
		ps, _ := interruptible(ctx, func() ([]problem, error) { return r.notFound(args), nil })
		if ctx.Err() != nil {
			return r.report(problem{err: diagnostics.NewInterrupted()})
		}
		return r.report(ps...)
	}
	// Every catalog is loaded and rendered before anything is written.
	var sets []files.Set
	var problems []problem
	r.catalogs = map[string]*load.Catalog{}
	// Each catalog renders in the memory its evaluation took; the
	// collector's settings come back before the next loads, and at the
	// end, not right after rendering: what follows allocates little.
	restore := func() {}
	defer func() { restore() }()
	for _, dir := range dirs {
		restore()
		restore = func() {}
		testhook.Pause(ctx, "loading "+filepath.ToSlash(dir))
		if ctx.Err() != nil {
			return r.report(problem{err: diagnostics.NewInterrupted()})
		}
		cat, err := interruptible(ctx, func() (*load.Catalog, error) { return load.Dir(dir) })
		if ctx.Err() != nil {
			return r.report(problem{err: diagnostics.NewInterrupted()})
		}
		if err != nil {
			problems = append(problems, fromError(dir, err)...)
			continue
		}
		restore = collectInPlace()
		set, err := interruptible(ctx, func() (files.Set, error) { return generator.Render(cat, opts) })
		if ctx.Err() != nil {
			return r.report(problem{err: diagnostics.NewInterrupted()})
		}
		if err != nil {
			problems = append(problems, fromError(dir, err)...)
			continue
		}
		r.catalogs[dir] = cat
		sets = append(sets, set)
	}
	testhook.Pause(ctx, "rendered")
	if ctx.Err() != nil {
		return r.report(problem{err: diagnostics.NewInterrupted()})
	}
	if len(problems) > 0 {
		return r.report(problems...)
	}
	if cmd == "check" {
		return r.check(sets)
	}
	return r.generate(sets)
}

// interruptible returns what f returns, or, as soon as ctx is done, ctx's
// error: loading and rendering write nothing, so an interrupt ends the
// run at once, however long a catalog or a template would keep them
// busy. f runs on until the process ends.
func interruptible[T any](ctx context.Context, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case res := <-done:
		return res.v, res.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

type run struct {
	stdout, stderr io.Writer
	json           bool
	cmd            *command // the command being run, for its usage
	verbose        bool     // -v: print what changed
	ctx            context.Context
	catalogs       map[string]*load.Catalog // by directory, to place problems with their outputs
	// again is the command line that runs the command again on the
	// catalog in a directory, where its arguments are not directories
	// alone (see rerun); nil for those of generate, check and lint.
	again func(dir string) string
	// fset holds the flags the command was given, which a command line
	// that runs it again repeats (see flagWords).
	fset *flag.FlagSet
}

// fileOptions are the options of the run's writes and checks: a person
// is told when errspec waits for another run.
func (r *run) fileOptions() files.Options {
	var opts files.Options
	if !r.json {
		opts.Waiting = func(root string) {
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, root); err == nil {
					root = rel
				}
			}
			fmt.Fprintf(r.stderr, "%swaiting for another errspec run on %s to finish\n", prefix, filepath.ToSlash(root))
		}
	}
	return opts
}

// generate writes the outputs of every catalog of the run as one
// transaction: all of them, or, on a refusal, a failure or an interrupt,
// none. With -v it lists what changed.
func (r *run) generate(sets []files.Set) int {
	changes, err := files.Write(r.ctx, r.fileOptions(), sets...)
	for _, c := range changes {
		if !r.verbose || c.Status == files.Unchanged {
			continue
		}
		if r.json {
			// Standard output holds JSON alone: a change is an object.
			b, _ := json.Marshal(struct {
				Status string `json:"status"`
				Path   string `json:"path"`
			}{c.Status.String(), files.Rel(c.Path)})
			fmt.Fprintf(r.stdout, "%s\n", textsafe.JSON(b))
			continue
		}
		fmt.Fprintf(r.stdout, "%s %s\n", c.Status, files.Show(c.Path))
	}
	if err != nil {
		return r.report(r.fromWrite(err)...)
	}
	return ExitOK
}

func (r *run) check(sets []files.Set) int {
	all, err := files.Check(r.ctx, r.fileOptions(), sets...)
	if err != nil {
		return r.report(r.fromWrite(err)...)
	}
	if !files.Drift(all) {
		return ExitOK
	}
	var drift diagnostics.DriftOptions
	if r.json {
		// Standard output holds JSON alone: the diff goes in the problem.
		drift.Diff = files.Diff(all)
	} else {
		report := files.Report(all)
		fmt.Fprint(r.stdout, report)
		if !strings.HasSuffix(report, "\n") {
			fmt.Fprintln(r.stdout)
		}
	}
	count := 0
	for _, c := range all {
		p := files.Show(c.Path)
		if r.json {
			p = files.Rel(c.Path) // JSON escapes what a reader cannot see
		}
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

// checkTemplatesDir returns the problem of a --templates directory, dir, that
// holds an override errspec may not read, or a file named after no
// template (a hidden one aside, as the
// renderer has it): errspec reads every file there as the override of
// the template it is named after. The fix is to give a directory of
// overrides alone, never to remove the file, which may be the catalog
// itself where dir is the catalog's directory.
func checkTemplatesDir(dir string, entries []fs.DirEntry) (problem, bool) {
	names := mdgen.Names()
	var stray []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || slices.Contains(names, name) {
			continue
		}
		u := strconv.Quote(name)
		if m := model.Closest(name, names); len(m) > 0 {
			u += " (did you mean " + m[0] + "?)"
		}
		stray = append(stray, u)
	}
	if len(stray) == 0 {
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			// A regular file only: opening a named pipe would wait for a
			// writer; the renderer says what else is no template.
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				continue
			}
			f, err := os.Open(p)
			if err != nil {
				err = files.Cause(err)
				fix := "make " + filepath.ToSlash(p) + " readable for you (chmod u+r)"
				if !errors.Is(err, fs.ErrPermission) {
					fix = "fix what the error says"
				}
				return usageProblem(fmt.Sprintf("--templates %s: the override %s cannot be read: %v", filepath.ToSlash(dir), e.Name(), err), fix), false
			}
			f.Close()
		}
		return problem{}, true
	}
	what := strings.Join(stray, ", ") + ", which is named after no template"
	if len(stray) > 1 {
		what = strings.Join(stray, ", ") + ", which are named after no template"
	}
	return usageProblem(fmt.Sprintf("--templates %s holds %s: errspec reads every file there as the override of the template it is named after: %s",
		filepath.ToSlash(dir), what, strings.Join(names, ", ")),
		"rename an override misnamed after the template it replaces, and give --templates a directory that holds overrides alone, such as templates beside the catalog"), false
}
