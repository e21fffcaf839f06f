package cli

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/catalogjson"
	"github.com/errspec/errspec/generator/explain"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

// runExplain runs errspec explain: it finds the code in the catalogs of --dir
// (a catalog directory, or DIR/... for every catalog below it) and prints
// its documentation, as text for a terminal or, with --format json, as the
// code's object of the catalog JSON. A code is matched exactly, else
// without regard to case. An unknown code is an error that names the
// closest codes.
func runExplain(c *command, args []string, stdout, stderr io.Writer) int {
	fset := c.flags()
	dir := fset.String("dir", "./...", "")
	format := fset.String("format", "text", "")
	r, codes, code, ok := c.start(fset, format, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(codes) > 1 {
		return r.report(usageProblem(fmt.Sprintf("errspec explain takes one code, not %d", len(codes)),
			"run errspec explain CODE, one code at a time"))
	}
	var name string
	if len(codes) == 1 {
		// A code pasted from a log or a terminal may bring white space,
		// colours and other hidden characters (textsafe.Hidden) along; no
		// code holds any.
		name = strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || textsafe.Hidden(r) {
				return -1
			}
			return r
		}, ansiEscape.ReplaceAllString(codes[0], ""))
	}

	dirs, err := generator.Find([]string{*dir})
	if err != nil {
		return r.report(findProblem(err, "give with --dir a catalog directory that exists"))
	}
	if len(dirs) == 0 {
		codeWord := "CODE"
		if name != "" {
			codeWord = shellWord(name)
		}
		r.again = func(d string) string {
			return "errspec explain --dir " + d + r.flagWords("dir") + " " + codeWord
		}
		return r.report(r.notFound([]string{*dir})...)
	}
	type found struct {
		dir  string
		cat  *model.Catalog
		code *model.Code
	}
	var exact, folded []found
	var all []string // every code, for suggestions
	var problems []problem
	var names []string
	for _, d := range dirs {
		c, err := load.Dir(d)
		if err != nil {
			problems = append(problems, fromError(d, err)...)
			continue
		}
		names = append(names, fmt.Sprintf("%s (%s)", c.Model.Name, d))
		for _, code := range c.Model.Codes {
			all = append(all, code.Name)
			switch {
			case code.Name == name:
				exact = append(exact, found{d, c.Model, code})
			case strings.EqualFold(code.Name, name):
				folded = append(folded, found{d, c.Model, code})
			}
		}
	}
	if len(problems) > 0 {
		return r.report(problems...)
	}
	if name == "" {
		fix := "run errspec explain CODE with a code of the catalog"
		if len(all) > 0 {
			fix = "run errspec explain CODE, such as errspec explain " + slices.Min(all)
		}
		if len(codes) == 1 {
			// An empty argument, or one of white space and hidden
			// characters only.
			return r.report(usageProblem(fmt.Sprintf("errspec explain takes a code, and %q holds none", codes[0]), fix))
		}
		return r.report(usageProblem("errspec explain takes one code, not 0", fix))
	}
	matches := exact
	if len(matches) == 0 {
		matches = folded
	}
	switch {
	case len(matches) == 0:
		slices.Sort(all)
		all = slices.Compact(all)
		candidates := model.Closest(name, all)
		if len(candidates) == 0 {
			candidates = all
			if len(candidates) > 12 {
				candidates = append(candidates[:12:12], "…")
			}
		}
		where := "catalog "
		if len(names) > 1 {
			where = "catalogs "
		}
		return r.report(problem{err: diagnostics.NewUnknownCode(name, where+strings.Join(names, ", "), candidates)})
	case len(matches) > 1:
		var where []string
		for _, m := range matches {
			where = append(where, m.code.Name+" in "+m.dir)
		}
		first := matches[0]
		command := "errspec explain --dir " + first.dir + " " + first.code.Name
		return r.report(problem{err: diagnostics.NewAmbiguousCode(name, where, diagnostics.AmbiguousCodeOptions{Command: command})})
	}
	m := matches[0]
	if r.json {
		data, err := catalogjson.Marshal(catalogjson.CodeOf(m.cat, m.code))
		if err != nil {
			return r.report(problem{err: diagnostics.NewInternalError(err.Error())})
		}
		stdout.Write(data)
		return ExitOK
	}
	fmt.Fprint(stdout, explain.Text(m.cat, m.code))
	return ExitOK
}

// ansiEscape matches a terminal's escape sequences (CSI), such as colours.
var ansiEscape = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]`)
