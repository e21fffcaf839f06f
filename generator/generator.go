// Package generator runs errspec's pipeline: find catalogs, load and
// validate each (load, model), emit its outputs in memory (gogen, mdgen,
// schemagen), then write them or compare them with the disk (files).
package generator

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"

	diag "github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/catalogjson"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/generator/schemagen"
)

// Options tune generation.
type Options struct {
	// Templates, when not nil, overrides embedded Markdown templates by
	// file name.
	Templates fs.FS
	// Warn, when not nil, is called with each warning about a catalog
	// that renders, at its position: something a user should change that
	// does not stop generation, such as a Markdown page too large for a
	// Git host to show.
	Warn func(load.Diagnostic)
	// TemplatesDir is the directory Templates reads, if it is one: its
	// files are inputs, which errspec never overwrites or removes.
	TemplatesDir string
}

// Generate loads the catalog in dir and renders every output it asks for,
// in memory. Output paths are relative to dir. The error is
// load.Diagnostics when the catalog is invalid.
func Generate(dir string, opts Options) (files.Set, error) {
	cat, err := load.Dir(dir)
	if err != nil {
		return files.Set{}, err
	}
	return Render(cat, opts)
}

// Render renders every output of a loaded catalog, in memory, as Generate
// does. It checks the catalog's examples against its JSON Schema: the
// error is load.Diagnostics when one does not match. When the reference
// has a Changes section, Render first compares the catalog with the older
// version it names (see changesSince): the error is load.Diagnostics, at
// outputs.markdown.changes.since, when that version cannot be found or
// loaded.
func Render(cat *load.Catalog, opts Options) (files.Set, error) {
	var errs model.Errors
	if cat.Model.Outputs.ChangesSince != "" && cat.Model.Changes == nil {
		changes, err := changesSince(cat)
		if errors.As(err, &errs) {
			return files.Set{}, cat.Locate(errs)
		} else if err != nil {
			return files.Set{}, err
		}
		cat.Model.Changes = changes
	}
	set, warnings, err := render(cat.Dir, cat.Model, opts)
	if errors.As(err, &errs) {
		return files.Set{}, cat.Locate(errs)
	}
	if err == nil && opts.Warn != nil && len(warnings) > 0 {
		for _, d := range cat.Locate(warnings) {
			opts.Warn(d)
		}
	}
	if err == nil && opts.Warn != nil {
		if w := runtimeWarning(cat.Dir, cat.Model.Outputs); w != nil {
			d := cat.Locator().Locate(w)
			d.Code = diag.CodeRuntimeNotRequired
			opts.Warn(d)
		}
		for _, w := range adapterModuleWarnings(cat.Dir, cat.Model) {
			d := cat.Locator().Locate(w)
			d.Code = diag.CodeAdapterModuleNotRequired
			opts.Warn(d)
		}
	}
	set.Sources = cat.Sources()
	// What the catalog embeds, errspec reads: no output may overwrite it.
	set.Inputs = append(set.Inputs, cat.Embeds()...)
	// Nor may an output be a file that an @embed glob would read next time.
	set.InputPatterns = append(set.InputPatterns, cat.EmbedGlobs()...)
	return set, err
}

// pageWarning warns, at the catalog's outputs.markdown, of a page of the
// reference larger than a Git host shows rendered (mdgen.MaxPage), size
// bytes long: the single page, with how to switch to a page per code, or
// the index page of that layout, which still lists every code.
func pageWarning(cat *model.Catalog, size int) model.Errors {
	if size <= mdgen.MaxPage {
		return nil
	}
	what := fmt.Sprintf("the Markdown reference is one page of %s, more than the %s a Git host such as GitHub renders", kb(size), kb(mdgen.MaxPage))
	fix := `write a page per code: outputs: markdown: {layout: "per_code", dir: "docs/errors"}`
	if cat.Layout() == model.LayoutPerCode {
		what = fmt.Sprintf("the index page %s of the Markdown reference is %s, more than the %s a Git host such as GitHub renders: it lists every code",
			cat.Outputs.MarkdownIndex, kb(size), kb(mdgen.MaxPage))
		fix = "split the catalog into catalogs of fewer codes, each with a reference of its own"
	} else if n := examplesWithDocsURL(cat); n > 0 && cat.DocsBaseURL != "" {
		fix += fmt.Sprintf("; a code's docs_url then becomes base_url/ANCHOR (with url_suffix), so change it in the %d examples whose json carries it", n)
	}
	return model.Errors{{Path: []string{"outputs", "markdown"}, Msg: what, Fix: fix}}
}

// examplesWithDocsURL counts the examples whose wire JSON carries the
// code's docs URL.
func examplesWithDocsURL(cat *model.Catalog) int {
	n := 0
	for _, c := range cat.Codes {
		if c.Envelope == nil || len(c.Envelope.FieldPath(model.FieldDocsURL)) == 0 {
			continue
		}
		n += len(c.Examples)
	}
	return n
}

// kb writes a size in bytes as kilobytes, or megabytes from 10 MB,
// rounded up, so that a page a byte past mdgen.MaxPage reads as more than
// it (401 KB), not as much (400 KB).
func kb(n int) string {
	if n >= 10<<20 {
		return fmt.Sprintf("%d MB", (n+1<<20-1)>>20)
	}
	return fmt.Sprintf("%d KB", (n+1<<10-1)>>10)
}

// render renders the outputs of the model of the catalog in dir, and
// returns the warnings about them. The error is model.Errors when an
// example does not match the JSON Schema.
func render(dir string, cat *model.Catalog, opts Options) (files.Set, model.Errors, error) {
	var warnings model.Errors
	notice := files.Notice(cat.Name)
	set := files.Set{Catalog: cat.Name, Dir: dir}
	base := files.Base(dir)
	if opts.TemplatesDir != "" {
		entries, err := os.ReadDir(opts.TemplatesDir)
		if err != nil {
			return files.Set{}, nil, err
		}
		for _, e := range entries {
			set.Inputs = append(set.Inputs, filepath.Join(opts.TemplatesDir, e.Name()))
		}
	}
	add := func(output []string, rel string, data []byte, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		set.Files = append(set.Files, files.File{Path: filepath.Join(base, filepath.FromSlash(rel)), Data: data, Output: output})
		return nil
	}
	own := func(rel, ext string) {
		set.Dirs = append(set.Dirs, files.Dir{Path: filepath.Join(base, filepath.FromSlash(rel)), Ext: ext})
	}
	o := cat.Outputs
	goFiles := async(func() ([]gogen.Output, error) {
		if o.GoDir == "" {
			return nil, nil
		}
		return gogen.Render(cat, notice)
	})
	markdown := async(func() ([]byte, error) {
		if o.Markdown == "" {
			return nil, nil
		}
		return mdgen.Render(cat, notice, opts.Templates)
	})
	schemaChecked := async(func() ([]byte, error) {
		// The examples are checked against the exact schema, whichever
		// mode the catalog asks for.
		schema, err := schemagen.BuildMode(cat, notice, model.SchemaExact)
		if err != nil {
			return nil, fmt.Errorf("JSON Schema: %w", err)
		}
		if errs, err := checkExamples(cat, schema); err != nil {
			return nil, err
		} else if len(errs) > 0 {
			return nil, errs
		}
		if o.JSONSchemaMode == model.SchemaCompatible {
			if schema, err = schemagen.BuildMode(cat, notice, model.SchemaCompatible); err != nil {
				return nil, fmt.Errorf("JSON Schema: %w", err)
			}
		}
		return schema.JSON(), nil
	})
	if o.GoDir != "" {
		out, err := goFiles()
		if err != nil {
			return files.Set{}, nil, fmt.Errorf("%s: %w", o.GoDir, err)
		}
		output := []string{"outputs", "go", "dir"}
		for _, f := range out {
			add(output, o.GoDir+"/"+f.Name, f.Data, nil)
		}
		own(o.GoDir, ".go")
	}
	if o.MCP != nil || o.GRPC != nil {
		if err := renderAdapters(dir, cat, notice, add, own); err != nil {
			return files.Set{}, nil, err
		}
	}
	if o.Markdown != "" {
		data, err := markdown()
		if err := add([]string{"outputs", "markdown", "file"}, o.Markdown, data, templateError(err, opts)); err != nil {
			return files.Set{}, nil, err
		}
		warnings = pageWarning(cat, len(data))
	}
	if o.MarkdownDir != "" {
		pages, err := mdgen.RenderPerCode(cat, notice, opts.Templates)
		if err != nil {
			return files.Set{}, nil, fmt.Errorf("%s: %w", o.MarkdownDir, templateError(err, opts))
		}
		output := []string{"outputs", "markdown", "dir"}
		for _, p := range pages {
			add(output, o.MarkdownDir+"/"+p.Name, p.Data, nil)
		}
		warnings = pageWarning(cat, len(pages[0].Data))
		own(o.MarkdownDir, ".md")
	}
	if o.Catalog != "" {
		data, err := catalogjson.Render(cat, notice)
		if err := add([]string{"outputs", "catalog", "file"}, o.Catalog, data, err); err != nil {
			return files.Set{}, nil, err
		}
	}
	if o.LLMs != "" {
		add([]string{"outputs", "llms", "file"}, o.LLMs, catalogjson.RenderIndex(cat, notice), nil)
	}
	schema, err := schemaChecked()
	if err != nil {
		return files.Set{}, nil, err
	}
	if o.JSONSchema != "" {
		add([]string{"outputs", "jsonschema", "file"}, o.JSONSchema, schema, nil)
	}
	return set, warnings, nil
}

// TemplateError is a failure of the Markdown templates when the user
// overrides some of them: most likely the overrides' fault. File, Line
// and Column are where in an override it failed, when errspec can tell:
// File is in the --templates directory, Column 0 when not known.
type TemplateError struct {
	Err          error
	File         string
	Line, Column int
}

func (e *TemplateError) Error() string { return e.Err.Error() }
func (e *TemplateError) Unwrap() error { return e.Err }

// templateAt matches a place text/template names in its errors,
// "template: NAME:LINE: " when parsing, "template: NAME:LINE:COL: " when
// executing; a failure in a template another one calls through each or
// {{template}} comes after the caller's place.
var templateAt = regexp.MustCompile(`template: ([^\s:]+):([0-9]+)(?::([0-9]+))?: `)

// templateError wraps a failure of the templates in a TemplateError when
// the user overrides some, at the innermost place of the failure that is
// in an override.
func templateError(err error, opts Options) error {
	if err == nil || opts.Templates == nil {
		return err
	}
	te := &TemplateError{Err: err}
	places := templateAt.FindAllStringSubmatch(err.Error(), -1)
	for i := len(places) - 1; i >= 0 && opts.TemplatesDir != ""; i-- {
		m := places[i]
		if info, err := fs.Stat(opts.Templates, m[1]); err != nil || info.IsDir() {
			continue
		}
		te.File = filepath.Join(opts.TemplatesDir, m[1])
		te.Line, _ = strconv.Atoi(m[2])
		te.Column, _ = strconv.Atoi(m[3])
		break
	}
	return te
}

// ErrNoWorkDir is the error of Find when a directory is relative to a
// working directory that was removed.
var ErrNoWorkDir = errors.New("the working directory no longer exists")

// Find expands catalog arguments into catalog directories. An argument
// ending in "/..." stands for every catalog at or below its directory; any
// other argument is a catalog directory itself. A directory holds a
// catalog when one of the .cue files the cue tool loads from it (not
// those whose names start with . or _) declares codes at the top level
// (isCatalog). The walk skips testdata, vendor and node_modules
// directories and those whose names start with "." or "_", as the go
// command does.
//
// A directory of a CUE module that the walk finds, whose files declare
// codes but no outputs, and whose package a catalog found below it has
// too, is not a catalog of its own: CUE's loader adds its files to the
// package of that catalog, as it adds the files of every directory above
// a package's up to the module's root that have the package's name.
func Find(args []string) ([]string, error) {
	dirs, err := find(args, isCatalog, false)
	if err != nil {
		return nil, err
	}
	named := map[string]bool{}
	for _, arg := range Patterns(args) {
		if root, walk := PatternRoot(arg); !walk {
			named[root] = true
		}
	}
	return slices.DeleteFunc(dirs, func(d string) bool { return !named[d] && sharedBelow(d, dirs) }), nil
}

// sharedBelow reports whether the files of dir, which declare no outputs,
// are part of the package of a catalog among dirs below it, in the same
// CUE module, whose package has dir's package name.
func sharedBelow(dir string, dirs []string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	root := cueModuleRoot(abs)
	if root == "" {
		return false
	}
	pkg := cuePackage(dir)
	if pkg == "" || anyFile(dir, func(path string, src []byte) bool {
		names, computed, err := topLevel(path, src)
		return err != nil || computed || slices.Contains(names, "outputs")
	}) {
		return false
	}
	for _, d := range dirs {
		below, err := filepath.Abs(d)
		if err != nil || !strings.HasPrefix(below, abs+string(filepath.Separator)) {
			continue
		}
		if cueModuleRoot(below) == root && cuePackage(d) == pkg {
			return true
		}
	}
	return false
}

// cueModuleRoot returns the directory at or above dir, an absolute path,
// that holds cue.mod, or "" when there is none.
func cueModuleRoot(dir string) string {
	for {
		if st, err := os.Stat(filepath.Join(dir, "cue.mod")); err == nil && st.IsDir() {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// cuePackage returns the package name of the first file of dir that the
// cue tool loads and that has a package clause, or "".
func cuePackage(dir string) string {
	name := ""
	anyFile(dir, func(path string, src []byte) bool {
		f, err := parser.ParseFile(path, src, parser.PackageClauseOnly)
		if err == nil && f.PackageName() != "" {
			name = f.PackageName()
			return true
		}
		return false
	})
	return name
}

// FindNear returns the directories that Find passes over but whose .cue
// files look like a catalog started or misspelt: one declares outputs
// with a name or categories, or a top-level field whose name starts as
// codes does (code, Codes, codez), where nodes or modes are left to other
// tools' files. When Find finds no catalog, their problems say why better
// than its absence does.
func FindNear(args []string) ([]string, error) {
	return find(args, func(dir string) bool { return anyFile(dir, nearCatalog) }, false)
}

// FindSkipped returns the catalog directories that the patterns among
// args pass over by name, as the go command's patterns do: below a
// directory whose name starts with . or _ (but .git), or is testdata.
// When Find finds no catalog, one of them is most often the catalog
// meant.
func FindSkipped(args []string) ([]string, error) { return find(args, isCatalog, true) }

// FindAbove returns, for the patterns DIR/... among args (./... when
// there are none) under which Find finds no catalog, the catalog
// directories of the project that DIR is in, below the nearest directory
// above DIR that holds go.mod, go.work or .git: errspec run from another
// directory of the module (a cmd/ directory, an adapter's) finds none,
// and the catalog meant is most often one of these. Each is relative to
// the working directory when the pattern is.
func FindAbove(args []string) []string {
	var out []string
	for _, arg := range Patterns(args) {
		root, walk := PatternRoot(arg)
		if !walk {
			continue
		}
		abs, err := filepath.Abs(root)
		if err != nil {
			continue
		}
		top := ""
		for d := abs; top == ""; d = filepath.Dir(d) {
			for _, name := range []string{"go.mod", "go.work", ".git"} {
				if _, err := os.Lstat(filepath.Join(d, name)); err == nil {
					top = d
				}
			}
			if filepath.Dir(d) == d {
				break
			}
		}
		if top == "" || top == abs {
			continue
		}
		base := top
		if !filepath.IsAbs(root) {
			rel, err := filepath.Rel(abs, top)
			if err != nil {
				continue
			}
			base = filepath.Join(root, rel)
		}
		dirs, err := Find([]string{base + string(filepath.Separator) + "..."})
		if err != nil {
			continue
		}
		for _, d := range dirs {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// nearCatalog reports whether the CUE file src declares, at the top
// level, outputs with name or categories, or a field whose name starts
// with cod, in any case, but is not codes.
func nearCatalog(path string, src []byte) bool {
	names, _, _ := topLevel(path, src)
	for _, name := range names {
		if name != "codes" && strings.HasPrefix(strings.ToLower(name), "cod") {
			return true
		}
	}
	// Other tools' CUE may have outputs too; a catalog begun has its
	// name or categories beside them.
	return slices.Contains(names, "outputs") && (slices.Contains(names, "name") || slices.Contains(names, "categories"))
}

// Patterns returns the catalog arguments args, ./... when there are
// none.
func Patterns(args []string) []string {
	if len(args) == 0 {
		return []string{"./..."}
	}
	return args
}

// PatternRoot returns the directory a catalog argument names, cleaned
// ("." for ... and /...), and whether the argument is a pattern DIR/...
// (or ...) that names every catalog below it too.
func PatternRoot(arg string) (root string, walk bool) {
	root, walk = strings.CutSuffix(filepath.ToSlash(arg), "/...")
	if !walk && root == "..." {
		root, walk = ".", true
	}
	if root == "" {
		root = "."
	}
	return filepath.Clean(filepath.FromSlash(root)), walk
}

// maxSkippedWalk is how many entries FindSkipped looks at under a pattern.
const maxSkippedWalk = 100000

// find expands catalog arguments as Find does, taking a directory for a
// catalog when holds reports true of it; with skipped, it returns instead
// the directories a pattern passes over by name that holds reports true
// of.
func find(args []string, holds func(dir string) bool, skipped bool) ([]string, error) {
	var dirs []string
	for _, arg := range Patterns(args) {
		root, walk := PatternRoot(arg)
		if !filepath.IsAbs(root) {
			if _, err := os.Getwd(); err != nil {
				return nil, fmt.Errorf("%w (%v), and %s names a directory in it", ErrNoWorkDir, err, arg)
			}
		}
		if !walk {
			if !skipped {
				dirs = append(dirs, root)
			}
			continue
		}
		var hidden []string // with skipped, the directories being walked that a pattern skips
		seen := 0
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if seen++; skipped && seen > maxSkippedWalk {
				return filepath.SkipAll // a hint, not worth a walk of a whole home directory
			}
			if err != nil {
				if skipped {
					return nil // what Find can read is all that counts
				}
				return err
			}
			if !d.IsDir() {
				return nil
			}
			for len(hidden) > 0 && !strings.HasPrefix(p, hidden[len(hidden)-1]+string(filepath.Separator)) {
				hidden = hidden[:len(hidden)-1]
			}
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
				name == "testdata" || name == "vendor" || name == "node_modules") {
				if !skipped || name == ".git" || name == "node_modules" || name == "vendor" {
					// In skipped mode too: a catalog there is another
					// module's, or none.
					return filepath.SkipDir
				}
				hidden = append(hidden, p)
			}
			if (!skipped || len(hidden) > 0) && holds(p) {
				dirs = append(dirs, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	// Relative paths first, so that of two names of one directory the
	// one a message shows is the shorter, as the user most often typed it.
	slices.SortFunc(dirs, func(a, b string) int {
		return cmp.Or(cmp.Compare(btoi(filepath.IsAbs(a)), btoi(filepath.IsAbs(b))), strings.Compare(a, b))
	})
	return sameOnce(slices.Compact(dirs)), nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sameOnce drops from dirs every directory that an earlier one already
// names another way: through a symbolic link, as a path with .. (../a
// from inside a) or as an absolute path. No catalog is generated twice
// in a run, which would collide with itself.
func sameOnce(dirs []string) []string {
	seen := make(map[string]bool, len(dirs))
	return slices.DeleteFunc(dirs, func(d string) bool {
		abs, err := filepath.Abs(d)
		if err != nil {
			return false // the loader reports it
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return false // the loader reports it
		}
		if seen[real] {
			return true
		}
		seen[real] = true
		return false
	})
}

// IsCatalog reports whether dir holds a catalog: one of its .cue files
// declares codes (or cannot be read or parsed, which the loader reports).
func IsCatalog(dir string) bool { return isCatalog(dir) }

// isCatalog reports whether one of the files of dir that the cue tool
// loads (load.Files) declares codes: in a field at its top level, or
// through an embedding, a comprehension or a computed label there, which
// only the package's evaluation tells.
func isCatalog(dir string) bool {
	maybe := false
	found := anyFile(dir, func(path string, src []byte) bool {
		switch declaresCodes(path, src) {
		case hasCodes:
			return true
		case mayHaveCodes:
			maybe = true
		}
		return false
	})
	return found || maybe && load.HasCodes(dir)
}

// anyFile reports whether f reports true of one of the files of dir that
// the cue tool loads (load.Files), or one of them is not a regular file
// or cannot be read: the loader reports the problem of a file errspec
// cannot read or parse, which may well be a catalog. A file is only read
// when it is a regular file: reading a named pipe would wait forever (no
// interrupt ends a blocked open), a link to /dev/zero would fill the
// memory.
func anyFile(dir string, f func(path string, src []byte) bool) bool {
	names, err := load.Files(dir)
	if err != nil {
		return false
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
			return true
		}
		src, err := os.ReadFile(path)
		if err != nil || f(path, src) {
			return true
		}
	}
	return false
}

// codesDecl is what a CUE file's top level says of a field codes.
type codesDecl int

const (
	noCodes      codesDecl = iota
	mayHaveCodes           // an embedding, a comprehension or a computed label
	hasCodes               // a field codes, or a file that does not parse
)

// declaresCodes reports whether the CUE file src declares codes at the
// top level, may declare them, or does not parse. Most catalogs declare
// codes first in a large file: a scan for the field stops there, without
// parsing the rest.
func declaresCodes(path string, src []byte) codesDecl {
	if scanCodes(path, src) {
		return hasCodes
	}
	return parsedCodes(path, src)
}

// parsedCodes reports what declaresCodes reports, from a parse of src.
func parsedCodes(path string, src []byte) codesDecl {
	names, computed, err := topLevel(path, src)
	switch {
	case err != nil || slices.Contains(names, "codes"):
		// A file that does not parse: the loader reports the problem.
		return hasCodes
	case computed:
		return mayHaveCodes
	}
	return noCodes
}

// topLevel returns the names of the fields the CUE file src declares at
// the top level, and whether it declares there fields that only its
// evaluation names: through an embedding, a comprehension or a label
// that is an expression.
func topLevel(path string, src []byte) (names []string, computed bool, err error) {
	f, err := parser.ParseFile(path, src)
	if err != nil {
		return nil, false, err
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Field:
			name, _, err := ast.LabelName(d.Label)
			if errors.Is(err, ast.ErrIsExpression) {
				computed = true
			} else if err == nil {
				names = append(names, name)
			}
		case *ast.EmbedDecl, *ast.Comprehension:
			computed = true
		}
	}
	return names, computed, nil
}

// scanCodes reports whether the tokens of src show a field codes at the
// top level: a declaration, outside any brace, bracket or parenthesis,
// whose tokens before its first colon are codes or "codes", optional (?)
// or required (!) or not, aliased (X=) or not. It gives up, reporting
// false, at the first error and at a string interpolation, whose tokens
// only a parser can follow. It finds no field in a file that parses that
// the parser would not find.
func scanCodes(path string, src []byte) bool {
	var s scanner.Scanner
	failed := false
	s.Init(token.NewFile(path, -1, len(src)), src, func(token.Pos, string, []any) { failed = true }, 0)
	depth := 0
	var label []labelToken // the tokens of the top-level declaration so far
	live := true           // whether they may still be a label
	for {
		_, tok, lit := s.Scan()
		switch {
		case failed || tok == token.EOF || tok == token.INTERPOLATION:
			return false
		case tok == token.LBRACE || tok == token.LBRACK || tok == token.LPAREN:
			depth++
			live = false
		case tok == token.RBRACE || tok == token.RBRACK || tok == token.RPAREN:
			depth--
		case depth != 0:
		case tok == token.COMMA:
			label, live = label[:0], true
		case tok == token.COLON:
			if live && codesLabel(label) {
				return true
			}
			live = false
		case live:
			label = append(label, labelToken{tok, lit})
		}
	}
}

type labelToken struct {
	tok token.Token
	lit string
}

// codesLabel reports whether the tokens of a label name codes.
func codesLabel(label []labelToken) bool {
	if n := len(label); n > 0 && (label[n-1].tok == token.OPTION || label[n-1].tok == token.NOT) {
		label = label[:n-1]
	}
	if len(label) == 3 && label[0].tok == token.IDENT && label[1].tok == token.BIND {
		label = label[2:]
	}
	if len(label) != 1 {
		return false
	}
	switch name := label[0]; name.tok {
	case token.IDENT:
		return name.lit == "codes"
	case token.STRING:
		s, err := strconv.Unquote(name.lit)
		return err == nil && s == "codes"
	}
	return false
}
