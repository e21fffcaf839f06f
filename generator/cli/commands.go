package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

// command is a command of errspec.
type command struct {
	name    string
	summary string // one line, for the list of commands
	usage   string // the synopsis, after "usage: "
	help    func() string
	run     func(c *command, args []string, stdout, stderr io.Writer) int
}

// commands are errspec's commands, in the order errspec help lists them.
// generate is the default.
var commands []*command

func init() {
	commands = []*command{
		{name: "generate", summary: "write the outputs of the catalogs (the default command)",
			usage: "errspec [generate] [-v] [--templates DIR] [--format json] [DIR ...]",
			help:  func() string { return generateHelp }, run: runGenerate},
		{name: "check", summary: "compare the outputs of the catalogs with the files on disk",
			usage: "errspec check [--templates DIR] [--format json] [DIR ...]",
			help:  func() string { return checkHelp }, run: runGenerate},
		{name: "explain", summary: "print the documentation of a code",
			usage: "errspec explain [--dir DIR] [--format json] CODE",
			help:  func() string { return explainHelp }, run: runExplain},
		{name: "lint", summary: "hold the catalogs to the conventions of useful errors",
			usage: "errspec lint [--format json] [DIR ...]",
			help:  lintHelp, run: runLint},
		{name: "breaking", summary: "report the changes since an older version that break clients",
			usage: "errspec breaking --against REF [--all] [--format json] [DIR ...]",
			help:  breakingHelp, run: runBreaking},
		{name: "version", summary: "print errspec's version",
			usage: "errspec version [--format json]",
			help:  func() string { return versionHelp }, run: runVersion},
		{name: "help", summary: "print the usage of errspec or of a command",
			usage: "errspec help [COMMAND]",
			help:  func() string { return "Help prints the usage of errspec, or of the command named.\n" }, run: runHelp},
	}
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Main runs errspec with args (without the program name) and returns the
// exit code. What it prints reaches a terminal with every hidden
// character shown as an escape (see terminal).
//
// The command is the first argument that is neither a flag nor a flag's
// value, so that flags may come before it too (errspec --format json
// lint); an argument there that is no command but a directory or a
// pattern is generate's.
func Main(args []string, stdout, stderr io.Writer) int {
	out := &firstError{w: stdout}
	code := dispatch(args, terminal{out}, terminal{stderr})
	if out.err != nil {
		// What the command printed is incomplete: its findings or its
		// diff are lost, which its exit code alone does not say.
		r := &run{stderr: terminal{stderr}, json: formatJSON(args)}
		return r.report(problem{err: diagnostics.NewStdoutFailed(out.err.Error())})
	}
	return code
}

// firstError is a writer that keeps the first error of writing to w.
type firstError struct {
	w   io.Writer
	err error
}

func (f *firstError) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// dispatch runs the command that args name, generate by default.
func dispatch(args []string, stdout, stderr io.Writer) int {
	i := commandAt(args)
	if i < 0 {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprint(stdout, overview())
			return ExitOK
		}
	} else {
		arg, rest := args[i], append(args[:i:i], args[i+1:]...)
		switch {
		case lookup(arg) != nil:
			c := lookup(arg)
			return c.run(c, rest, stdout, stderr)
		case !isPath(arg):
			r := &run{stdout: stdout, stderr: stderr, json: formatJSON(rest)}
			if name := unknownFlag(args[:i]); name != "" {
				// errspec --formt json lint: the misspelt flag is the
				// problem, not its value taken for the command.
				return r.usage("flag provided but not defined: -" + name)
			}
			return r.unknownCommand(arg, "and no directory "+arg)
		}
	}
	c := lookup("generate")
	return c.run(c, args, stdout, stderr)
}

// unknownFlag returns the name of the first flag of args that no
// command has, or "". The value of a flag that takes one is no flag,
// as commandAt reads it, even when it starts with a dash.
func unknownFlag(args []string) string {
	known := map[string]bool{"h": true, "help": true}
	for _, c := range commands {
		for _, m := range flagName.FindAllStringSubmatch(c.usage, -1) {
			known[m[2]] = true
		}
	}
	takesValue := valueFlags()
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch {
		case !strings.HasPrefix(arg, "-") || arg == "-":
		case !known[name]:
			return name
		case !hasValue && takesValue[name]:
			i++ // its value
		}
	}
	return ""
}

// valueFlag matches a flag that takes a value in a command's synopsis
// ("[--format json]", "--against REF"), its name in group 1.
var valueFlag = regexp.MustCompile(`(?:^|[\[ ])--?(\w+) [A-Za-z]`)

// commandAt returns the index in args of the first argument that is not
// a flag or the value of one, where errspec takes the command from, or
// -1 when there is none before "--". A flag takes the next argument as
// its value when a command's synopsis gives it one and it is not written
// -flag=value.
func commandAt(args []string) int {
	takesValue := valueFlags()
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			return -1
		case arg == "-" || !strings.HasPrefix(arg, "-"):
			return i
		case !strings.Contains(arg, "=") && takesValue[strings.TrimLeft(arg, "-")]:
			i++
		}
	}
	return -1
}

// valueFlags returns the names of the flags of any command that take a
// value.
func valueFlags() map[string]bool {
	takesValue := map[string]bool{}
	for _, c := range commands {
		for _, m := range valueFlag.FindAllStringSubmatch(c.usage, -1) {
			takesValue[m[1]] = true
		}
	}
	return takesValue
}

// unknownCommand reports a command errspec does not have, with the list
// of those it has.
func (r *run) unknownCommand(name, more string) int {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	fix := "run errspec help for the commands"
	if m := model.Closest(name, names); len(m) > 0 {
		fix = "did you mean errspec " + m[0] + "? " + fix
	}
	msg := fmt.Sprintf("unknown command %q", name)
	if more != "" {
		msg += ", " + more
	}
	return r.report(usageProblem(msg+"; the commands are "+strings.Join(names, ", "), fix))
}

// isPath reports whether an argument errspec takes for a command's is a
// directory, or a pattern of directories: it exists, or it holds a path
// separator or ends in "...".
func isPath(arg string) bool {
	if strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, "...") || arg == "." || arg == ".." {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
}

// overview is what errspec help prints.
func overview() string {
	var b strings.Builder
	b.WriteString(`errspec turns an error catalog written in CUE into Go, Markdown and JSON Schema,
and holds the catalog to what its clients rely on.

Usage:

	errspec <command> [arguments]

The commands are:

`)
	for _, c := range commands {
		fmt.Fprintf(&b, "\t%-10s %s\n", c.name, c.summary)
	}
	b.WriteString(`
Use "errspec help <command>" for more about a command.

DIR is a catalog directory, or a directory followed by /... for every
catalog below it (a directory whose .cue files declare codes; testdata,
vendor and directories starting with . or _ are skipped). The default is
./...

Flags may come before or after the command and its arguments; -flag and
--flag are the same. errspec is quiet when it succeeds; every message it prints on
standard error starts with "errspec: ".

Exit codes: 0 ok; 1 drift (check), a breaking change (breaking) or a lint
finding (lint); 2 an invalid catalog, bad usage or a failure.
`)
	return b.String()
}

// usageText is the help of a command: its synopsis, then its text.
func (c *command) usageText() string {
	return "usage: " + c.usage + "\n\n" + c.help()
}

// flags makes the flag set of a command; parse parses it.
func (c *command) flags() *flag.FlagSet {
	fset := flag.NewFlagSet("errspec "+c.name, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	return fset
}

// parse parses the flags of a command, which may come before, between or
// after its arguments (after "--", everything is an argument), and
// returns the arguments. For -h, -help or --help it prints the command's
// usage on stdout and returns done with ExitOK; for a bad flag it reports
// the problem, with the command's synopsis, and returns done with
// ExitInvalid.
func (c *command) parse(fset *flag.FlagSet, args []string, stdout, stderr io.Writer) (rest []string, code int, done bool) {
	for {
		if err := fset.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, c.usageText())
				return nil, ExitOK, true
			}
			r := &run{stdout: stdout, stderr: stderr, cmd: c, json: fset.Lookup("format") != nil && formatJSON(args)}
			return nil, r.usage(err.Error()), true
		}
		left := fset.Args()
		if len(left) == 0 {
			return rest, 0, false
		}
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), 0, false
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// formatJSON reports whether args, which errspec could not take, ask for
// --format json among the flags (before "--"; the last --format counts,
// as for the flag package), so that the problem with them is reported as
// JSON, which the tool that passed it reads.
func formatJSON(args []string) bool {
	format := ""
	for i, arg := range args {
		if arg == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		if !strings.HasPrefix(arg, "-") || name != "format" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			value = args[i+1]
		}
		format = value
	}
	return format == "json"
}

// start parses the flags of a command, as parse does, and the value of
// its --format flag when format is not nil, text or json; it returns the
// run, and the arguments. When ok is false, the command is done, and
// code is its exit code.
func (c *command) start(fset *flag.FlagSet, format *string, args []string, stdout, stderr io.Writer) (r *run, rest []string, code int, ok bool) {
	rest, code, done := c.parse(fset, args, stdout, stderr)
	if done {
		return nil, nil, code, false
	}
	r = &run{stdout: stdout, stderr: stderr, cmd: c, fset: fset}
	if format == nil {
		return r, rest, ExitOK, true
	}
	if *format != "text" && *format != "json" {
		return nil, nil, r.report(usageProblem(fmt.Sprintf("--format must be text or json, not %q", *format), "use --format text or --format json")), false
	}
	r.json = *format == "json"
	return r, rest, ExitOK, true
}

func runHelp(c *command, args []string, stdout, stderr io.Writer) int {
	r, args, code, ok := c.start(c.flags(), nil, args, stdout, stderr)
	if !ok {
		return code
	}
	switch {
	case len(args) == 0:
		fmt.Fprint(stdout, overview())
		return ExitOK
	case len(args) > 1:
		return r.usage(fmt.Sprintf("errspec help takes one command, not %d", len(args)))
	}
	topic := lookup(args[0])
	if topic == nil {
		return r.unknownCommand(args[0], "")
	}
	fmt.Fprint(stdout, topic.usageText())
	return ExitOK
}

const dirsHelp = `DIR is a catalog directory, or a directory followed by /... for every
catalog below it (a directory whose .cue files declare codes; testdata,
vendor and directories starting with . or _ are skipped). The default is
./...
`

const generateHelp = `Generate loads each catalog, renders every output it asks for in memory,
and writes the files whose bytes changed. Nothing is written unless every
output of every catalog renders; a generated file the catalog no longer
produces is removed, but only if it carries the catalog's generated-file
notice, and a file without it is never overwritten. Generate is quiet when
it succeeds.

` + dirsHelp + `
Flags:
  -v                print each file created, changed or removed, after
                    created, changed or stale (removed)
  --templates DIR   Markdown templates in DIR replace the embedded ones of
                    the same name
  --format json     print problems as JSON, one object per line, and with
                    -v each change as {"status": ..., "path": ...}
`

const checkHelp = `Check renders the outputs of each catalog in memory and compares them
with the files on disk; it writes nothing. When they differ it prints a
unified diff and the lists of missing, changed and stale files, and exits 1.

` + dirsHelp + `
Flags:
  --templates DIR   Markdown templates in DIR replace the embedded ones of
                    the same name
  --format json     print problems as JSON, one object per line
`

const explainHelp = `Explain prints the documentation of a code, for a terminal: its facts,
when to expect it, its templates, params and example. A code matches
exactly, else in any case; an unknown code is an error that names the
closest ones.

Flags:
  --dir DIR         the catalog to look in, or DIR/... for every catalog
                    below DIR (default ./...)
  --format json     print the code as its object of the catalog JSON
`

const versionHelp = `Version prints errspec's module version and, when the build recorded
them, the version control revision and time it was built from, and the Go
release that built it. Built from a clone that a replace directive of the
module names, it prints the clone's directory after the version, as go
version -m does: errspec v0.0.0 => /path/to/errspec.

Flags:
  --format json     print them as a JSON object
`

// terminal writes to a terminal, or what stands for one, with each
// character that could act on it or hide the text around it shown as an
// escape (textsafe.Show): the names of files and directories, and the
// files check compares, can hold any of them, whatever the catalog. JSON
// that errspec prints has them escaped already (textsafe.JSON), so it is
// written as it is.
type terminal struct{ w io.Writer }

func (t terminal) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, textsafe.Show(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
