package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/prose"
	"github.com/errspec/errspec/internal/textsafe"
)

// problem is one problem errspec reports: an error of errspec's own
// catalog (spec/errspec), and for the text form where it is.
type problem struct {
	err  *diagnostics.Error
	pos  string // file:line:col, or ""
	path string // the catalog path of the value at fault, or ""
}

// text is the problem for a person: "file:line:col: path: message", then
// the suggestion on a line of its own.
func (p problem) text() string {
	s := p.err.Message
	if p.path != "" {
		s = p.path + ": " + s
	}
	if p.pos != "" {
		s = p.pos + ": " + s
	}
	if p.err.Suggestion != "" {
		s += "\n\tfix: " + p.err.Suggestion
	}
	return s
}

// report prints problems on stderr, for a person, each after "errspec: ",
// or, with --format json, as one JSON object per line, and returns the
// exit code: ExitDrift when every problem is drift, ExitInvalid otherwise.
func (r *run) report(ps ...problem) int {
	code := ExitDrift
	for _, p := range ps {
		if p.err.Category() != diagnostics.CategoryDrift {
			code = ExitInvalid
		}
		if r.json {
			fmt.Fprintf(r.stderr, "%s\n", errorJSON(p.err))
			continue
		}
		fmt.Fprintln(r.stderr, prefix+p.text())
	}
	if !r.json && len(ps) > 1 {
		fmt.Fprintf(r.stderr, "%s%d problems\n", prefix, len(ps))
	}
	return code
}

// warn prints a warning about a catalog, which does not change the exit
// code: for a person "file:line:col: path: warning: message" and the fix
// on a line of its own, or with --format json the error of errspec's
// catalog of the warning's kind (category warning), as a problem is.
func (r *run) warn(d load.Diagnostic) {
	if r.json {
		fmt.Fprintf(r.stderr, "%s\n", errorJSON(fromDiagnostic(cmp.Or(d.Code, diagnostics.CodeReferenceTooLarge), d).err))
		return
	}
	s := "warning: " + d.Msg
	if d.Path != "" {
		s = d.Path + ": " + s
	}
	if pos := d.Position(); pos != "" {
		s = pos + ": " + s
	}
	if d.Fix != "" {
		s += "\n\tfix: " + d.Fix
	}
	fmt.Fprintln(r.stderr, prefix+s)
}

// errorJSON is an error of errspec's catalog as JSON, on one line, its
// hidden characters escaped (textsafe.JSON).
func errorJSON(e *diagnostics.Error) []byte {
	b, err := json.Marshal(e)
	if err != nil {
		b, _ = json.Marshal(struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		}{string(e.Code), e.Message})
	}
	return textsafe.JSON(b)
}

// fromDiagnostic turns a problem with a catalog into errspec's error of
// that kind.
func fromDiagnostic(code diagnostics.Code, d load.Diagnostic) problem {
	pos := diagnostics.CatalogInvalidOptions{File: d.File, Line: d.Line, Column: d.Col, Path: d.Path, Fix: d.Fix}
	var e *diagnostics.Error
	switch code {
	case diagnostics.CodeCatalogSyntax:
		e = diagnostics.NewCatalogSyntax(d.Msg, diagnostics.CatalogSyntaxOptions(pos))
	case diagnostics.CodeCatalogSchema:
		e = diagnostics.NewCatalogSchema(d.Msg, diagnostics.CatalogSchemaOptions(pos))
	case diagnostics.CodeReferenceTooLarge:
		e = diagnostics.NewReferenceTooLarge(d.Msg, diagnostics.ReferenceTooLargeOptions(pos))
	case diagnostics.CodeRuntimeNotRequired:
		e = diagnostics.NewRuntimeNotRequired(d.Msg, diagnostics.RuntimeNotRequiredOptions(pos))
	case diagnostics.CodeAdapterModuleNotRequired:
		e = diagnostics.NewAdapterModuleNotRequired(d.Msg, diagnostics.AdapterModuleNotRequiredOptions(pos))
	case diagnostics.CodeAgainstHoldsNone:
		e = diagnostics.NewAgainstHoldsNone(d.Msg, diagnostics.AgainstHoldsNoneOptions(pos))
	case diagnostics.CodeUsage:
		// A catalog directory named that is none: the problem is the
		// command line's, and has no position.
		return usageProblem(d.Msg, d.Fix)
	default:
		e = diagnostics.NewCatalogInvalid(d.Msg, pos)
	}
	return problem{err: e, pos: d.Position(), path: d.Path}
}

// fromError turns what loading or rendering a catalog returned into
// problems: the catalog's own problems, a template override that fails, or
// a failure of errspec itself.
func fromError(dir string, err error) []problem {
	var rej *load.Rejected
	var ds load.Diagnostics
	var terr *generator.TemplateError
	switch {
	case errors.As(err, &rej):
		return fromDiagnostics(rej.Code, rej.Diagnostics)
	case errors.As(err, &ds):
		return fromDiagnostics(diagnostics.CodeCatalogInvalid, ds)
	case errors.As(err, &terr):
		if terr.File == "" {
			return []problem{{err: diagnostics.NewTemplateInvalid(terr.Error())}}
		}
		file := filepath.ToSlash(terr.File)
		pos := fmt.Sprintf("%s:%d", file, terr.Line)
		if terr.Column > 0 {
			pos += fmt.Sprintf(":%d", terr.Column)
		}
		return []problem{{err: diagnostics.NewTemplateInvalid(terr.Error(),
			diagnostics.TemplateInvalidOptions{File: file, Line: terr.Line, Column: terr.Column}), pos: pos}}
	}
	return []problem{{err: diagnostics.NewInternalError(fmt.Sprintf("%s: %v", dir, err))}}
}

func fromDiagnostics(code diagnostics.Code, ds load.Diagnostics) []problem {
	out := make([]problem, len(ds))
	for i, d := range ds {
		out[i] = fromDiagnostic(cmp.Or(d.Code, code), d)
	}
	return out
}

// fromWrite turns a failure to plan or write the outputs into problems:
// an output that cannot go where the catalog asks (at the output's
// position in the catalog), a file errspec may not overwrite, one it
// cannot read, an interrupt, a failure to write, or a failure to undo
// one.
func (r *run) fromWrite(err error) []problem {
	var out []problem
	var walk func(error)
	walk = func(err error) {
		var (
			place   *files.OutputError
			foreign *files.ForeignFileError
			write   *files.WriteError
		)
		if joined, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range joined.Unwrap() {
				walk(e)
			}
			return
		}
		switch {
		case errors.As(err, &place):
			out = append(out, fromDiagnostic(diagnostics.CodeCatalogInvalid, r.locateOutput(place.Dir, place.Output, place.Msg, place.Fix)))
			return
		case errors.As(err, &foreign):
			d := r.locateOutput(foreign.Dir, foreign.Output, "", "")
			opts := diagnostics.OutputForeignOptions{Owner: foreign.Owner, Output: d.Position(), Path: d.Path}
			if foreign.Owner != "" && foreign.Owner != foreign.Catalog {
				// The file is errspec's, of another catalog: say which,
				// and what to do when that is this catalog's former name.
				opts.Fix = "it carries the notice of catalog " + foreign.Owner + ": if " + foreign.Owner + " is this catalog's former name, delete " +
					files.Show(foreign.Path) + " and run errspec again; else give the output a path that catalog " + foreign.Owner + " does not write to"
			}
			out = append(out, problem{err: diagnostics.NewOutputForeign(files.Show(foreign.Path), foreign.Catalog, opts), pos: d.Position(), path: d.Path})
			return
		}
		var read *files.ReadError
		if errors.As(err, &read) {
			fix := "fix what the error says"
			if errors.Is(read.Err, fs.ErrPermission) {
				fix = "make " + files.Show(read.Path) + " readable for you"
				if read.Search {
					fix = "make the directory " + files.Show(read.Path) + " readable and searchable for you (chmod u+rx)"
				}
			}
			out = append(out, problem{err: diagnostics.NewOutputUnreadable(files.Show(read.Path), read.Err.Error(), fix)})
			return
		}
		var left *files.LeftoverError
		if errors.As(err, &left) {
			backups := make([]string, len(left.Paths))
			for i, p := range left.Paths {
				backups[i] = files.Show(p)
			}
			out = append(out, problem{err: diagnostics.NewOutputLeftover(left.Error(), backups)})
			return
		}
		if errors.As(err, &write) && write.Restore != nil {
			// An interrupt says so in its Op ("interrupted before
			// writing"), and Err holds only Go's name for it.
			reason := fmt.Sprintf("%s %s", write.Op, files.Show(write.Path))
			if !errors.Is(write.Err, context.Canceled) {
				reason += fmt.Sprintf(": %v", write.Err)
			}
			out = append(out, problem{err: diagnostics.NewOutputIncomplete(reason, write.Restore.Error())})
			return
		}
		if errors.Is(err, context.Canceled) {
			out = append(out, problem{err: diagnostics.NewInterrupted()})
			return
		}
		out = append(out, problem{err: diagnostics.NewOutputFailed(err.Error(), writeFix(err, write))})
	}
	walk(err)
	return out
}

// locateOutput places a problem with the output at path output of the
// catalog in dir, at its position when errspec loaded that catalog.
func (r *run) locateOutput(dir string, output []string, msg, fix string) load.Diagnostic {
	if cat := r.catalogs[dir]; cat != nil && len(output) > 0 {
		if ds := cat.Locate(model.Errors{{Path: output, Msg: msg, Fix: fix}}); len(ds) == 1 {
			return ds[0]
		}
	}
	return load.Diagnostic{Path: strings.Join(output, "."), Msg: msg, Fix: fix}
}

// writeFix says what to do about a failure to write, from its kind.
func writeFix(err error, write *files.WriteError) string {
	where := "the output directories"
	if write != nil && write.Path != "" {
		where = files.Show(filepath.Dir(write.Path)) // where the file or directory is made or removed
	}
	switch {
	case errors.Is(err, files.ErrSourceChanged):
		return "the catalog changed while errspec ran (another run or an editor saved it), and what errspec rendered is of its older version: wait until nothing changes it"
	case errors.Is(err, files.ErrModified):
		return "another program changed " + where + " while errspec ran: wait until it is done"
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return "free space on the file system that holds " + where
	case errors.Is(err, syscall.EROFS):
		return where + " is on a read-only file system: write the outputs elsewhere, or remount it writable"
	case errors.Is(err, fs.ErrPermission):
		return "make " + where + " writable for you"
	case errors.Is(err, syscall.EFBIG):
		return "raise the limit on the size of a file that errspec may write (ulimit -f)"
	case errors.Is(err, syscall.ENAMETOOLONG):
		return "shorten the output path"
	case errors.Is(err, fs.ErrExist), errors.Is(err, syscall.ENOTDIR), errors.Is(err, syscall.EISDIR):
		return "something appeared in the way while errspec ran: move it away"
	}
	return "fix what the error says"
}

// notFound is the problem of catalog arguments under which Find finds no
// catalog, followed by the problems of the directories that look like a
// catalog started or misspelt (generator.FindNear): a catalog whose
// codes field is misspelt, or not written yet, is not found, and its
// problems say why. A catalog the patterns pass over is named with the
// command line that runs the run's command on it (rerun).
func (r *run) notFound(args []string) []problem {
	where := "./..."
	if len(args) > 0 {
		where = strings.Join(args, " ")
	}
	ps := []problem{{err: diagnostics.NewCatalogNotFound(where)}}
	skipped, _ := generator.FindSkipped(args)
	for _, dir := range skipped {
		dir = filepath.ToSlash(dir)
		ps = append(ps, usageProblem(
			dir+" holds a catalog, which "+where+" passes over: as the go command's patterns do, a pattern DIR/... leaves out directories whose names start with . or _, and those named testdata or vendor",
			"name the directory, "+r.rerun(dir)+", or move the catalog to a directory the pattern reaches"))
	}
	if len(skipped) == 0 {
		above := generator.FindAbove(args)
		const most = 5
		for i, dir := range above {
			if i == most {
				ps = append(ps, usageProblem(fmt.Sprintf("%d more catalogs of the project are above %s", len(above)-most, where),
					"run errspec in the project's root, where ./... finds them all"))
				break
			}
			dir = filepath.ToSlash(dir)
			ps = append(ps, usageProblem(
				dir+" holds a catalog of the project, above the directory that "+where+" searches: errspec looks for catalogs below the directory it runs in, as the go command looks for packages",
				"name the directory, "+r.rerun(dir)+", or run errspec in the directory that holds it or one above"))
		}
	}
	near, _ := generator.FindNear(args)
	for _, dir := range near {
		if _, err := load.Dir(dir); err != nil {
			ps = append(ps, fromError(dir, err)...)
		}
	}
	return ps
}

// rerun is the command line that runs the run's command on the catalog
// in dir, for a fix to name: that of again, or the command's with dir
// as its argument.
func (r *run) rerun(dir string) string {
	dir = shellWord(dir)
	switch flags := r.flagWords(); {
	case r.again != nil:
		return r.again(dir)
	case r.cmd == nil || r.cmd.name == "generate" && flags == "":
		return "errspec " + dir
	default:
		return "errspec " + r.cmd.name + flags + " " + dir
	}
}

// flagWords returns the flags the command was given, but those named in
// except, each after a space as a word of a shell's command line
// (--templates=tpl), so that a command line that runs it again on
// another directory does what it was asked to (writes with the same
// templates, reports as JSON).
func (r *run) flagWords(except ...string) string {
	if r.fset == nil {
		return ""
	}
	var b strings.Builder
	r.fset.Visit(func(f *flag.Flag) {
		if slices.Contains(except, f.Name) {
			return
		}
		dashes := "--"
		if len(f.Name) == 1 {
			dashes = "-"
		}
		b.WriteString(" " + dashes + f.Name)
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() && f.Value.String() == "true" {
			return
		}
		b.WriteString("=" + shellWord(f.Value.String()))
	})
	return b.String()
}

// usageProblem is a bad command line.
func usageProblem(msg, fix string) problem {
	return problem{err: diagnostics.NewUsage(msg, diagnostics.UsageOptions{Fix: fix})}
}

// findProblem is the problem of catalog arguments that generator.Find
// cannot expand, with fix, or, when the working directory was removed,
// how to run errspec without it.
func findProblem(err error, fix string) problem {
	var pe *fs.PathError
	switch {
	case errors.Is(err, generator.ErrNoWorkDir):
		fix = "cd into a directory that exists, or name the catalog directories by their absolute paths"
	case errors.Is(err, fs.ErrPermission) && errors.As(err, &pe):
		// A directory below a pattern that errspec may not read, such as
		// a container's volume.
		fix = "make " + filepath.ToSlash(pe.Path) + " readable, or name the catalog directories rather than a pattern that walks through it"
	case errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe):
		// A pattern whose directory does not exist, ./nosuch/...: said
		// as for a directory, not as the system call that found it.
		return usageProblem("no directory "+filepath.ToSlash(pe.Path)+load.GenerateDir(pe.Path), fix)
	}
	return usageProblem(err.Error(), fix)
}

// prefix starts every message errspec prints on stderr for a person.
const prefix = "errspec: "

// flagName matches a flag in a command's synopsis ("[--format json]",
// "[-v]"): as written in group 1, its name in group 2.
var flagName = regexp.MustCompile(`[\[ ](--?(\w+))[\] ]`)

// usage reports a command line that does not parse and, for a person,
// prints the command's synopsis after it.
func (r *run) usage(msg string) int {
	help := "errspec help"
	if r.cmd != nil {
		help += " " + r.cmd.name
	}
	fix := "run " + help + " for the usage"
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var others []string // the commands that take the flag
		flag := regexp.MustCompile(`[\[ ](--?` + regexp.QuoteMeta(name) + `)[\] ]`)
		spelled := "-" + name // as the usage of a command that takes it spells it
		for _, c := range commands {
			switch m := flag.FindStringSubmatch(c.usage); {
			case c.name == name:
				// A command given as a flag, as in errspec --version.
				fix = "run errspec " + name + ": " + name + " is a command of errspec, not a flag"
			case c != r.cmd && m != nil:
				others = append(others, "errspec "+c.name)
				spelled = m[1]
			}
		}
		if len(others) > 0 && r.cmd != nil && lookup(name) == nil {
			fix = spelled + " is a flag of " + prose.List(others, "and") + ", not of errspec " + r.cmd.name
			if name == "dir" {
				fix += ", which takes the catalog directories as arguments: errspec " + r.cmd.name + " DIR"
			}
		} else if len(others) == 0 && lookup(name) == nil {
			// A flag no command has, such as --formt: the closest of
			// the command's flags (of any command's before the command).
			cs := commands
			if r.cmd != nil {
				cs = []*command{r.cmd}
			}
			var names, started []string
			spelling := map[string]string{}
			for _, c := range cs {
				for _, m := range flagName.FindAllStringSubmatch(c.usage, -1) {
					if _, ok := spelling[m[2]]; ok {
						continue
					}
					names = append(names, m[2])
					spelling[m[2]] = m[1]
					if strings.HasPrefix(m[2], name) {
						// --t, --temp: the start of --templates, which
						// Go's flags do not take for the flag.
						started = append(started, m[1])
					}
				}
			}
			if len(started) > 0 {
				fix = "did you mean " + prose.List(started, "or") + "? " + fix
			} else if m := model.Closest(name, names); len(m) > 0 {
				fix = "did you mean " + spelling[m[0]] + "? " + fix
			} else if v, ok := spelling["v"]; ok && strings.EqualFold(name, "verbose") {
				fix = "did you mean " + v + "? " + fix
			}
		}
	}
	code := r.report(usageProblem(msg, fix))
	if !r.json && r.cmd != nil {
		fmt.Fprintf(r.stderr, "usage: %s\n", r.cmd.usage)
	}
	return code
}
