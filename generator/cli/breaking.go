package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/against"
	"github.com/errspec/errspec/generator/breaking"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

// ExitFound is the exit code of breaking when it finds a breaking change,
// and of lint when it finds anything: that of drift.
const ExitFound = ExitDrift

// runBreaking runs errspec breaking: it pairs each catalog with its older
// version in --against, compares them and prints the changes that break
// clients (with --all, every change), by position.
func runBreaking(c *command, args []string, stdout, stderr io.Writer) int {
	fset := c.flags()
	ref := fset.String("against", "", "")
	all := fset.Bool("all", false, "")
	format := fset.String("format", "text", "")
	r, args, code, ok := c.start(fset, format, args, stdout, stderr)
	if !ok {
		return code
	}
	if *ref == "" {
		return r.usage("errspec breaking needs --against REF: the older version, a directory or a git revision")
	}
	r.again = func(dir string) string {
		return "errspec breaking --against " + shellWord(*ref) + r.flagWords("against") + " " + dir
	}
	cats, code, ok := r.loadAll(args)
	if !ok {
		return code
	}
	roots := make([]string, 0, len(args))
	for _, a := range generator.Patterns(args) {
		roots = append(roots, strings.TrimSuffix(a, "/..."))
	}
	tree, err := against.Open(".", *ref, roots)
	if err != nil {
		inRepository(err, *ref, cats)
		return r.report(againstProblem(err))
	}
	defer tree.Close()

	pairs, gone, problems := pair(tree, args, cats)
	locs := locators{}
	for _, p := range pairs {
		// A path of the breaking block that names what neither version
		// has: load takes it, since it may name what the older has.
		versions := []*model.Catalog{p.new.Model}
		if p.old != nil {
			versions = append(versions, p.old.Model)
		}
		for _, e := range model.IgnoredNowhere(versions...) {
			d := locs.at(p.new, e.Path, 0, nil)
			d.Msg, d.Fix = e.Msg, e.Fix
			problems = append(problems, fromDiagnostic(diagnostics.CodeCatalogInvalid, d))
		}
	}
	if len(problems) > 0 {
		return r.report(problems...)
	}
	var fs []finding
	add := func(ch breaking.Change, cat *load.Catalog, display func(string) string) {
		if !*all && ch.Kind == breaking.Safe {
			return
		}
		d := locs.at(cat, ch.Path, 0, display)
		path := model.PathString(ch.Path)
		f := finding{file: d.File, line: d.Line, col: d.Col, rule: ch.Rule, msg: ch.Message, fix: ch.Fix, label: string(ch.Level)}
		if ch.Breaks() {
			f.err = diagnostics.NewBreakingChange(ch.Message, ch.Rule, string(ch.Level), diagnostics.BreakingChangeOptions{
				File: d.File, Line: d.Line, Column: d.Col, Path: path, Fix: ch.Fix})
		} else {
			f.label = ch.Kind.String()
			f.err = diagnostics.NewCatalogChange(ch.Message, ch.Rule, string(ch.Level), ch.Kind.String(), diagnostics.CatalogChangeOptions{
				File: d.File, Line: d.Line, Column: d.Col, Path: path, Fix: ch.Fix})
		}
		fs = append(fs, f)
	}
	if tree.Rev != "" && len(gone) == 0 && !slices.ContainsFunc(pairs, func(p catalogPair) bool { return p.old != nil }) {
		// Right for catalogs new since the revision; a wrong --against
		// otherwise, which would pass whatever changed.
		r.warn(load.Diagnostic{Code: diagnostics.CodeAgainstHoldsNone,
			Msg: fmt.Sprintf("the revision %s holds none of the catalogs: each is new there, and none was compared", tree.Ref),
			Fix: "if the catalogs are older than " + tree.Ref + ", give --against a revision that holds them (a tag or a branch of this repository's history); if they are new since, there is nothing to do"})
	}
	breaks := 0
	count := func(ch breaking.Change) {
		if ch.Breaks() {
			breaks++
		}
	}
	for _, p := range pairs {
		if p.old == nil {
			for _, ch := range breaking.Added(p.new.Model) {
				add(ch, p.new, nil)
			}
			continue
		}
		var oldAt, newAt func(string) string
		if tree.Rev != "" || !generator.IsCatalog(tree.Dir) {
			oldAt, newAt = generator.Placer(tree.Path("."), p.old.Dir), generator.Placer(".", p.new.Dir)
		}
		changes := breaking.CompareAt(p.old.Model, p.new.Model, oldAt, newAt)
		for i := range changes {
			movedTo(&changes[i], p, pairs)
		}
		// The changes of codes made at one position, a definition they
		// share say, are one.
		changes = breaking.Group(changes, func(ch breaking.Change) string {
			d := locs.at(p.new, ch.Path, 0, nil)
			if ch.InOld {
				d = locs.at(p.old, ch.Path, 0, nil)
			}
			if d.File == "" {
				return ""
			}
			return fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Col)
		})
		for _, ch := range changes {
			count(ch)
			if ch.InOld {
				add(ch, p.old, tree.Display)
			} else {
				add(ch, p.new, nil)
			}
		}
	}
	for _, old := range gone {
		ch := breaking.Removed(old.Model)
		count(ch)
		add(ch, old, tree.Display)
	}
	sortFindings(fs)
	r.printFindings(fs)
	r.summary(breaks, "breaking change")
	if breaks > 0 {
		return ExitFound
	}
	return ExitOK
}

// againstProblem is the problem of an error of reading the older
// version: one of against's that says how to do better (a ref not found
// or ambiguous, a submodule without its commit, a revision git did not
// give), a usage problem with its fix; any other, errspec's failure.
// inRepository gives the NotFoundError err of a revision ref, read from
// a directory in no git repository (errspec run from outside the
// checkout, on catalogs named by their paths), the command line that
// runs errspec in the repository that holds the catalogs cats, where
// they are all in one.
func inRepository(err error, ref string, cats []*load.Catalog) {
	var nf *against.NotFoundError
	if !errors.As(err, &nf) || !nf.NoRepository || len(cats) == 0 {
		return
	}
	top := ""
	var dirs []string
	for _, cat := range cats {
		abs, err := filepath.Abs(cat.Dir)
		if err != nil {
			return
		}
		t := against.TopLevel(abs)
		if t == "" || top != "" && t != top {
			return
		}
		top = t
		rel, err := filepath.Rel(top, abs)
		if err != nil {
			return
		}
		dirs = append(dirs, shellWord(filepath.ToSlash(rel)))
	}
	nf.How = "run errspec in the git repository that holds the catalogs, whose revision " + ref + " is meant: cd " + shellWord(top) +
		" && errspec breaking --against " + shellWord(ref) + " " + strings.Join(dirs, " ")
}

// shellWord is s as a word of a POSIX shell's command line: as it is when
// it holds only characters no shell reads otherwise, else in single
// quotes.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@^~,=") == "" && s[0] != '~' {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func againstProblem(err error) problem {
	var fixable interface {
		error
		Fix() string
	}
	if errors.As(err, &fixable) {
		return usageProblem(err.Error(), fixable.Fix())
	}
	return problem{err: diagnostics.NewInternalError(err.Error())}
}

// movedTo says of a code gone from the catalog of pair p, when another
// catalog of the newer version declares it and its older version did
// not, that it moved there: a client of p's package still does not know
// it, so it still breaks.
func movedTo(ch *breaking.Change, p catalogPair, pairs []catalogPair) {
	if ch.Rule != "CODE_REMOVED" || !ch.Breaks() {
		return
	}
	for _, other := range pairs {
		if other.new == p.new || other.new.Model.Code(ch.Code) == nil || other.old != nil && other.old.Model.Code(ch.Code) != nil {
			continue
		}
		cat, to := p.new.Model.Name, other.new.Model.Name
		ch.Message += fmt.Sprintf(": catalog %s declares it now, which a client of catalog %s does not read", to, cat)
		ch.Fix = fmt.Sprintf("keep the code in catalog %s too, deprecated, until its clients read catalog %s", cat, to)
		return
	}
}

// catalogPair is a catalog and its older version, nil when it is new.
type catalogPair struct{ old, new *load.Catalog }

// pair finds the older version of each catalog in tree. When tree's
// directory is itself a catalog, it is the older version of the one
// catalog args name. Otherwise tree stands for the current directory,
// as a revision stands for the repository: a catalog's older version is
// at the same path in it, or, when none is, the older catalog of the same
// name that the patterns find at no path a newer one has, or, failing
// that, the one of the same name anywhere in the older tree (a catalog
// that moved). Older catalogs the patterns find and none matches are
// gone, but for those a sparse checkout leaves out of the work tree.
func pair(tree *against.Tree, args []string, cats []*load.Catalog) (pairs []catalogPair, gone []*load.Catalog, problems []problem) {
	loadOld := func(dir string) *load.Catalog {
		cat, err := load.Dir(dir)
		if err != nil {
			var rej *load.Rejected
			if errors.As(err, &rej) {
				for i := range rej.Diagnostics {
					d := &rej.Diagnostics[i]
					d.File = tree.Display(d.File)
					if tree.Rev != "" {
						// History is not for mending.
						d.Fix = fmt.Sprintf("the catalog at %s cannot be compared: give --against a revision where it loads", tree.Ref)
					}
				}
			}
			problems = append(problems, fromError(tree.Display(dir), err)...)
			return nil
		}
		return cat
	}
	if tree.Rev == "" && generator.IsCatalog(tree.Dir) {
		if len(cats) != 1 {
			problems = append(problems, usageProblem(fmt.Sprintf("--against %s is one catalog, and the arguments name %d", tree.Ref, len(cats)),
				"name the one catalog it is an older version of, or give --against the directory above the older catalogs"))
			return nil, nil, problems
		}
		if old := loadOld(tree.Dir); old != nil {
			pairs = append(pairs, catalogPair{old, cats[0]})
		}
		return pairs, nil, problems
	}
	var oldPatterns []string
	for _, a := range generator.Patterns(args) {
		root, walk := generator.PatternRoot(a)
		p := tree.Path(root)
		if _, err := os.Stat(p); err != nil {
			continue // no older version there
		}
		if walk {
			p += string(filepath.Separator) + "..."
		} else if !generator.IsCatalog(p) {
			continue
		}
		oldPatterns = append(oldPatterns, p)
	}
	var olds []*load.Catalog
	if len(oldPatterns) > 0 {
		dirs, err := generator.Find(oldPatterns)
		if err != nil {
			problems = append(problems, problem{err: diagnostics.NewInternalError(err.Error())})
		}
		for _, d := range dirs {
			if old := loadOld(d); old != nil {
				olds = append(olds, old)
			}
		}
	}
	if len(problems) > 0 {
		return nil, nil, problems
	}
	if len(olds) == 0 && tree.Rev == "" {
		// A revision may come before the catalogs; a directory with none
		// is a mistake.
		problems = append(problems, usageProblem(fmt.Sprintf("--against %s holds no catalog where the arguments name one", tree.Ref),
			"give the directory of the older catalog, or a directory that stands for the current one, holding the older catalogs at the same paths"))
		return nil, nil, problems
	}
	taken := map[*load.Catalog]bool{}
	find := func(match func(old *load.Catalog) bool) *load.Catalog {
		for _, old := range olds {
			if !taken[old] && match(old) {
				taken[old] = true
				return old
			}
		}
		return nil
	}
	pairs = make([]catalogPair, len(cats))
	wd, _ := os.Getwd()
	for i, cat := range cats {
		rel := cat.Dir
		if filepath.IsAbs(rel) {
			if r, err := filepath.Rel(wd, rel); err == nil {
				rel = r
			}
		}
		want := filepath.Clean(tree.Path(rel))
		pairs[i] = catalogPair{find(func(old *load.Catalog) bool { return filepath.Clean(old.Dir) == want }), cat}
	}
	sameName := func(i int) {
		if pairs[i].old == nil {
			pairs[i].old = find(func(old *load.Catalog) bool { return old.Model.Name == pairs[i].new.Model.Name })
		}
	}
	for i := range pairs {
		sameName(i)
	}
	for _, old := range olds {
		if !taken[old] && !tree.Unchecked(old.Dir) {
			gone = append(gone, old)
		}
	}
	// A catalog that moved out of the paths the arguments name is still
	// the older version of the catalog of its name there.
	if slices.ContainsFunc(pairs, func(p catalogPair) bool { return p.old == nil }) {
		dirs := make([]string, len(olds))
		for i, old := range olds {
			dirs[i] = old.Dir
		}
		moved, err := generator.OlderCatalogs(tree, dirs)
		if err != nil {
			return nil, nil, []problem{againstProblem(err)}
		}
		olds = moved
		for i := range pairs {
			sameName(i)
		}
	}
	slices.SortFunc(gone, func(a, b *load.Catalog) int { return strings.Compare(a.Dir, b.Dir) })
	return pairs, gone, nil
}

func breakingHelp() string {
	var b strings.Builder
	b.WriteString(`Breaking compares each catalog with its older version and reports every
change that breaks a client of the older one: the wire JSON it reads, the
generated Go API it calls, the docs links it follows. Each change is
reported at its position in the newer catalog, or in the older one for
what is gone, under a rule, with what to do instead. Breaking exits 1 when
a change breaks a client; a code removed after the older version
deprecated it with a replacement is expected, and breaks nothing.

REF, the older version, is a directory or a git revision (main, v1.2.0,
HEAD~1) of the repository at hand, read from git without touching the
work tree or the index; a name that is both is an error (./v1 is the
directory, v1^{commit} the revision). A directory that is itself a
catalog is the older version of the one catalog named; any other
directory, as a revision, stands for the current directory: a
catalog's older version is at the same path in it (or, failing that, is
the older catalog of the same name), and an older catalog the patterns
find that no newer one matches is gone.

With a version in both catalogs, a breaking change needs a new major
version (a new minor one before 1.0.0). A catalog's breaking block turns
rules off, or exempts values from them:

	breaking: {
		except: ["DOCS_URL_CHANGED"]
		ignore: PARAM_REMOVED: ["codes.LEGACY_ERROR"]
	}

The rules, by level (wire: the JSON clients read; go: the generated Go
API; docs: links into the reference; version):

`)
	for _, rule := range breaking.Rules {
		if rule.Safe {
			continue
		}
		fmt.Fprintf(&b, "  %s (%s)\n", rule.ID, rule.Level)
		b.WriteString(indent(rule.Summary, "      ", 76))
	}
	b.WriteString("\nThe safe changes, reported with --all:\n\n")
	for _, rule := range breaking.Rules {
		if rule.Safe {
			fmt.Fprintf(&b, "  %s\n", rule.ID)
			b.WriteString(indent(rule.Summary, "      ", 76))
		}
	}
	b.WriteString("\n" + dirsHelp + `
Flags:
  --against REF     the older version: a directory or a git revision
  --all             report the changes that break nothing too
  --format json     print each change as a JSON object, one per line: a
                    BREAKING_CHANGE or CATALOG_CHANGE error of errspec's
                    own catalog
`)
	return b.String()
}
