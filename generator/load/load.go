// Package load reads a catalog directory with CUE, unifies it with the
// embedded schema, validates it, and builds the model. Every problem is
// reported at once, each with the file:line:col of the value at fault.
package load

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	gotoken "go/token"
	"maps"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"

	diag "github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/prose"
	"github.com/errspec/errspec/internal/textsafe"
	"github.com/errspec/errspec/spec"
)

// schemaFile is the name positions in the embedded schema are reported with.
const schemaFile = "errspec/schema.cue"

// Diagnostic is one problem with a catalog.
type Diagnostic struct {
	File string `json:"file,omitempty"` // relative to the working directory when possible
	Line int    `json:"line,omitempty"`
	Col  int    `json:"column,omitempty"`
	Path string `json:"path,omitempty"` // the CUE path of the value at fault
	Msg  string `json:"message"`        // what is wrong
	Fix  string `json:"suggestion,omitempty"`
	// Code is the code of errspec's diagnostics for the stage that found
	// the problem, where it is not the Rejected's: the model's checks of
	// the codes the schema let through, beside the schema's problems.
	Code diag.Code `json:"-"`
}

// Position returns "file:line:col", or "" when the problem has no
// position; a character of the file's path that a reader cannot see, or
// that would break the line, is escaped (textsafe.ShowPath).
func (d Diagnostic) Position() string {
	if d.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d", textsafe.ShowPath(d.File), d.Line, d.Col)
}

func (d Diagnostic) String() string {
	var b strings.Builder
	if pos := d.Position(); pos != "" {
		b.WriteString(pos + ": ")
	}
	if d.Path != "" {
		b.WriteString(d.Path + ": ")
	}
	b.WriteString(d.Msg)
	if d.Fix != "" {
		b.WriteString("\n\tfix: " + d.Fix)
	}
	return b.String()
}

// Diagnostics is every problem found in a catalog, sorted by position.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Rejected is the error of a catalog that does not load: its problems, and
// the code of errspec's diagnostics for the stage that found them (CUE
// syntax, the schema, or the model's own checks). errors.As also finds its
// Diagnostics.
type Rejected struct {
	Code        diag.Code
	Diagnostics Diagnostics
}

func (r *Rejected) Error() string { return r.Diagnostics.Error() }

// As lets errors.As find the problems of r as Diagnostics.
func (r *Rejected) As(target any) bool {
	ds, ok := target.(*Diagnostics)
	if ok {
		*ds = r.Diagnostics
	}
	return ok
}

// Catalog is a loaded catalog.
type Catalog struct {
	Dir   string // the catalog directory, as given
	Model *model.Catalog
	src   *source // the files as errspec read them
	first string  // the first file, where problems without a position go
	// outputs are the positions of the values under outputs, by path:
	// where the problems found while rendering (a page too large, a path
	// the disk refuses) most often are.
	outputs map[string]token.Pos
	pkg     string // the name of the catalog's CUE package
}

// Sources returns the catalog's files as errspec read and evaluated them,
// by absolute path (in a CUE module, those of the directories above it
// that CUE loads with it too, and those of the packages it imports from
// the module), and the files it embeds (@embed) as errspec read them
// just before CUE did.
func (c *Catalog) Sources() map[string][]byte {
	if len(c.src.read) == 0 {
		return c.src.data
	}
	out := maps.Clone(c.src.read)
	maps.Copy(out, c.src.data)
	return out
}

// Embeds returns the files the catalog embeds (@embed), by absolute
// path, sorted.
func (c *Catalog) Embeds() []string {
	return slices.Compact(slices.Sorted(slices.Values(c.src.embeds)))
}

// EmbedGlobs returns the patterns of the glob= arguments of the @embed
// attributes of the catalog and of the packages it imports, as absolute
// paths: a file that one matches is an input of the catalog once it
// exists, whoever writes it.
func (c *Catalog) EmbedGlobs() []string {
	return slices.Compact(slices.Sorted(slices.Values(c.src.globs)))
}

// Locate gives problems found in the model the positions of the values at
// fault, sorted by position (see Locator).
func (c *Catalog) Locate(errs model.Errors) Diagnostics {
	return c.Locator().all(errs)
}

// Locator gives problems found in the model the positions of the values
// at fault, one at a time. A problem under outputs most often has its
// position at hand; for any other, the first one evaluates the catalog
// again, from the files as errspec read them, and the others use that
// evaluation: a loaded catalog keeps none of CUE's values, which take
// many times the memory of the model, alive while its outputs render.
type Locator struct {
	c         *Catalog
	v         cue.Value // the catalog evaluated, once evaluated is set
	evaluated bool
}

// Locator returns a Locator of the catalog's values.
func (c *Catalog) Locator() *Locator { return &Locator{c: c} }

// all locates each of errs, and sorts them by position.
func (l *Locator) all(errs model.Errors) Diagnostics {
	out := make(Diagnostics, 0, len(errs))
	for _, e := range errs {
		out = append(out, l.Locate(e))
	}
	return sortDiagnostics(out)
}

// Locate returns the problem e at the position of the value at fault, or
// at the start of the catalog's first file when it has none.
func (l *Locator) Locate(e *model.Error) Diagnostic {
	c := l.c
	d := Diagnostic{Msg: e.Msg, Fix: e.Fix, Path: cuePath(e.Path)}
	if len(e.Path) > 0 && e.Path[0] == "outputs" {
		// The nearest value that has a position, as position walks up.
		for n := len(e.Path); n > 0 && d.File == ""; n-- {
			if pos, ok := c.outputs[strings.Join(e.Path[:n], "\x00")]; ok {
				setPos(&d, pos)
			}
		}
	}
	if d.File == "" {
		if !l.evaluated {
			l.v, _ = c.evaluate()
			l.evaluated = true
		}
		setPos(&d, l.position(e))
		d = c.src.embedPositions(d)
	}
	if d.File == "" {
		d.File, d.Line, d.Col = c.first, 1, 1
	}
	return d
}

// position returns the position of the value at e's path in v, inside
// the string there when e.At is set.
func (l *Locator) position(e *model.Error) token.Pos {
	pos := position(l.v, e.Path)
	if e.At > 0 {
		pos = inString(lookup(l.v, selectors(e.Path)), pos, e.At-1, l.c.src)
	}
	return pos
}

// outputPositions returns the positions of the values under outputs in
// v, by their paths joined with NUL.
func outputPositions(v cue.Value) map[string]token.Pos {
	out := map[string]token.Pos{}
	var walk func(w cue.Value, path []string)
	walk = func(w cue.Value, path []string) {
		if pos := userValuePos(w); pos.IsValid() {
			out[strings.Join(path, "\x00")] = pos
		}
		it, err := w.Fields()
		if err != nil {
			return
		}
		for it.Next() {
			walk(it.Value(), append(path[:len(path):len(path)], it.Selector().Unquoted()))
		}
	}
	walk(v.LookupPath(cue.ParsePath("outputs")), []string{"outputs"})
	return out
}

// at gives every problem without a position the start of file.
func (ds Diagnostics) at(file string) Diagnostics {
	for i := range ds {
		if ds[i].File == "" {
			ds[i].File, ds[i].Line, ds[i].Col = file, 1, 1
		}
	}
	return sortDiagnostics(ds)
}

// Dir loads the catalog in dir: the CUE package in dir, as the cue tool
// loads it, unified with the embedded schema's #Catalog, evaluated once
// and decoded once. The error, when not nil, is a *Rejected, whose
// Diagnostics errors.As finds.
func Dir(dir string) (cat *Catalog, err error) {
	src, problems := readSource(dir)
	defer func() {
		var rej *Rejected
		if errors.As(err, &rej) {
			for i, d := range rej.Diagnostics {
				rej.Diagnostics[i] = src.embedPositions(d)
			}
		}
	}()
	switch {
	case len(problems) > 0:
		return nil, &Rejected{diag.CodeCatalogSyntax, sortDiagnostics(problems)}
	case len(src.files) == 0:
		return nil, &Rejected{diag.CodeCatalogSyntax, noFiles(dir, src)}
	}
	// A problem CUE gives no position for (a missing top-level field) is
	// reported at the start of the catalog's first file.
	c := &Catalog{Dir: dir, src: src, first: relative(src.files[0])}
	v, err := c.evaluate()
	if err != nil {
		return nil, c.withCodeChecks(v, err)
	}
	var in model.Input
	if err := decode(v, &in); err != nil {
		var de *decodeError
		if !errors.As(err, &de) {
			return nil, err
		}
		d := Diagnostic{Path: pathString(catalogPath(valuePath(de.v))), Msg: "errspec cannot read the value: " + de.Error(),
			Fix: "give a value of the kind the schema asks for here"}
		setPos(&d, userValuePos(de.v))
		return nil, &Rejected{diag.CodeCatalogSchema, Diagnostics{d}.at(c.first)}
	}
	in.Package = c.pkg
	errs := checkInput(&in)
	m, err := model.Build(&in)
	if err != nil {
		errs = append(errs, err.(model.Errors)...)
	}
	errs = append(errs, checkLintIgnores(v, in.Lint)...)
	if len(errs) > 0 {
		return nil, &Rejected{diag.CodeCatalogInvalid, (&Locator{c: c, v: v, evaluated: true}).all(errs)}
	}
	c.Model = m
	c.outputs = outputPositions(v)
	c.placeExamples(v)
	return c, nil
}

// placeExamples sets the position of every example's json, which the
// generated test of the examples reports when the constructor sends
// something else.
func (c *Catalog) placeExamples(v cue.Value) {
	if c.Model.Outputs.GoDir == "" {
		return
	}
	goDir, err := filepath.Abs(filepath.Join(c.Dir, filepath.FromSlash(c.Model.Outputs.GoDir)))
	if err != nil {
		return
	}
	for _, code := range c.Model.Codes {
		for _, ex := range code.Examples {
			pos := position(v, []string{"codes", code.Name, "examples", fmt.Sprintf("[%d]", ex.Index), "json"})
			if !pos.IsValid() {
				continue
			}
			file, err := filepath.Abs(c.src.embedFile(pos.Filename()))
			if err != nil {
				continue
			}
			if rel, err := filepath.Rel(goDir, file); err == nil {
				file = rel
			} else {
				file = filepath.Base(file)
			}
			ex.Pos = fmt.Sprintf("%s:%d:%d", filepath.ToSlash(file), pos.Line(), pos.Column())
		}
	}
}

// evaluate evaluates the catalog: the package in its directory unified
// with #Catalog. The error, when not nil, is a *Rejected.
func (c *Catalog) evaluate() (cue.Value, error) {
	inst := instance(c.Dir, c.src)
	c.src.addImportedEmbeds(inst)
	if problems := packageProblems(c.src, inst); len(problems) > 0 {
		return cue.Value{}, &Rejected{diag.CodeCatalogSyntax, sortDiagnostics(problems)}
	}
	if inst.Err != nil {
		if ds := moduleFileProblems(c.src.dir, inst.Err); len(ds) > 0 {
			return cue.Value{}, &Rejected{diag.CodeCatalogSyntax, ds}
		}
		return cue.Value{}, &Rejected{diag.CodeCatalogSyntax, fromSource(fromCUE(cue.Value{}, cue.Value{}, inst.Err).at(c.first), c.src)}
	}
	c.pkg = inst.PkgName
	root, err := withSchema(inst)
	if err != nil {
		return cue.Value{}, err
	}
	ctx := cuecontext.New()
	v := ctx.BuildInstance(root)
	marked := markedFields(inst.Files, v)
	if err := v.Validate(cue.Concrete(true)); err != nil {
		// Finding all the problems, each at its place, takes the user's
		// files evaluated on their own as well.
		def := ctx.CompileBytes(spec.Schema, cue.Filename(schemaFile)).LookupPath(cue.ParsePath("#Catalog"))
		if all := validate(def, ctx.BuildInstance(instance(c.Dir, c.src)), v); all != nil {
			err = all
		}
		ds := fromSource(fromCUE(v, def, err).at(c.first), c.src)
		return v, &Rejected{diag.CodeCatalogSchema, withMarked(ds, marked)}
	}
	if len(marked) > 0 {
		return v, &Rejected{diag.CodeCatalogSchema, sortDiagnostics(marked)}
	}
	return v, nil
}

// withMarked adds to ds the problems of the fields marked ? or !, in
// place of the problem of a required field that is missing because a
// mark left it out: title?: "..." says both, and its fix mends both.
func withMarked(ds, marked Diagnostics) Diagnostics {
	paths := map[string]bool{}
	for _, d := range marked {
		paths[d.Path] = true
	}
	ds = slices.DeleteFunc(ds, func(d Diagnostic) bool {
		return strings.HasPrefix(d.Msg, "field is required but not present") && paths[d.Path]
	})
	return sortDiagnostics(append(ds, marked...))
}

// withCodeChecks adds to the schema's problems, err, those the model's
// checks find in the other codes, when every problem of the schema is in
// a code: a newcomer sees the problems of a template, a name or a param
// of every code in one run, not one round after another. The codes with
// problems, the schema's, are left out, so that what is reported of the
// others is what a run with them mended would report, but for what they
// take part in (a replacement code, a role, a name two codes share).
// v is the catalog evaluated with the schema's problems.
func (c *Catalog) withCodeChecks(v cue.Value, err error) error {
	var rej *Rejected
	if !errors.As(err, &rej) || rej.Code != diag.CodeCatalogSchema || !v.Exists() {
		return err
	}
	// A code marked codes: X?: is one of them, left out of v.
	it, ferr := v.LookupPath(cue.MakePath(cue.Str("codes"))).Fields(cue.Optional(true))
	if ferr != nil {
		return err
	}
	var names []string
	for it.Next() {
		names = append(names, it.Selector().Unquoted())
	}
	// The codes the schema's problems are in; a problem outside a code
	// (in a category, the outputs, the envelope) may change what any code
	// means, and stops here.
	failing := map[string]bool{}
	for _, d := range rej.Diagnostics {
		name, ok := codeOf(d.Path, names)
		if !ok {
			return err
		}
		failing[name] = true
	}
	var in model.Input
	if decodeWithout(v, &in, failing) != nil {
		return err
	}
	errs := checkInput(&in)
	if _, err := model.Build(&in); err != nil {
		errs = append(errs, err.(model.Errors)...)
	}
	errs = slices.DeleteFunc(errs, func(e *model.Error) bool {
		if len(e.Path) < 2 || e.Path[0] != "codes" || failing[e.Path[1]] {
			return true
		}
		// A replacement code left out is not missing.
		if len(e.Path) == 4 && e.Path[2] == "deprecated" && e.Path[3] == "use" {
			for _, code := range in.Codes {
				if code.Key == e.Path[1] && code.Value.Deprecated != nil && failing[code.Value.Deprecated.Use] {
					return true
				}
			}
		}
		return false
	})
	if len(errs) == 0 {
		return err
	}
	ds := (&Locator{c: c, v: v, evaluated: true}).all(errs)
	for i := range ds {
		ds[i].Code = diag.CodeCatalogInvalid
	}
	return &Rejected{rej.Code, sortDiagnostics(append(rej.Diagnostics, ds...))}
}

// codeOf returns the code, one of names, that the diagnostic path p is at
// or below: the longest, of codes.A and codes.A.B.
func codeOf(p string, names []string) (code string, ok bool) {
	for _, name := range names {
		rest, found := strings.CutPrefix(p, "codes."+label(name))
		if found && (rest == "" || rest[0] == '.' || rest[0] == '[') && len(name) >= len(code) {
			code, ok = name, true
		}
	}
	return code, ok
}

// HasCodes reports whether the CUE package in dir, evaluated as the cue
// tool evaluates it and without errspec's schema, has a field codes at
// its top level: for a package whose files may declare the field through
// an embedding, a comprehension or a computed label, whether it is a
// catalog. A package that cannot be read has it (Dir reports why); one
// that does not evaluate has it if the field is there all the same.
func HasCodes(dir string) bool {
	src, problems := readSource(dir)
	switch {
	case len(problems) > 0:
		return true
	case len(src.files) == 0:
		return false
	}
	inst := instance(dir, src)
	if inst.Err != nil {
		return false
	}
	return cuecontext.New().BuildInstance(inst).LookupPath(cue.MakePath(cue.Str("codes"))).Exists()
}

// instance loads the package in dir as the cue tool does, from the files
// errspec read.
func instance(dir string, src *source) *build.Instance {
	return load.Instances([]string{"."}, &load.Config{Dir: dir, Overlay: src.overlay})[0]
}

// The import paths the schema and the user's package are given under in
// the package withSchema builds: no file of the user's can import them,
// since CUE's loader finds no such package.
const (
	schemaImport  = "errspec.invalid/schema"
	catalogImport = "errspec.invalid/catalog"
)

// withSchema returns a package of one file, errspec.#Catalog & catalog,
// that imports the embedded schema and the user's package, inst: CUE
// evaluates the user's files once, unified with #Catalog, as cue export
// evaluates a package, rather than on their own and then again. The
// file's positions are the schema's.
func withSchema(inst *build.Instance) (*build.Instance, error) {
	f, err := parser.ParseFile(schemaFile, spec.Schema)
	if err != nil {
		return nil, fmt.Errorf("embedded schema: %w", err)
	}
	schema := build.NewContext().NewInstance(schemaImport, nil)
	schema.ImportPath = schemaImport
	if err := schema.AddSyntax(f); err != nil {
		return nil, fmt.Errorf("embedded schema: %w", err)
	}
	inst.ImportPath = catalogImport
	root := build.NewContext().NewInstance("", nil)
	root.Imports = []*build.Instance{schema, inst}
	err = root.AddSyntax(&ast.File{Filename: schemaFile, Decls: []ast.Decl{
		&ast.ImportDecl{Specs: []*ast.ImportSpec{
			{Name: ast.NewIdent("errspec"), Path: ast.NewString(schemaImport)},
			{Name: ast.NewIdent("catalog"), Path: ast.NewString(catalogImport)},
		}},
		&ast.EmbedDecl{Expr: ast.NewBinExpr(token.AND, ast.NewSel(ast.NewIdent("errspec"), "#Catalog"), ast.NewIdent("catalog"))},
	}})
	if err != nil {
		return nil, fmt.Errorf("embedding the schema: %w", err)
	}
	return root, nil
}

// noFiles is the problem of a directory from which CUE loads no file.
func noFiles(dir string, src *source) Diagnostics {
	if len(src.ignored) == 0 {
		return Diagnostics{{Msg: fmt.Sprintf("no .cue files in %s", dir), Fix: "point errspec at the directory that holds the catalog"}}
	}
	var out Diagnostics
	for _, path := range src.ignored {
		name := filepath.Base(path)
		why := "its name starts with " + name[:1]
		if strings.HasSuffix(name, "_test.cue") || strings.HasSuffix(name, "_tool.cue") {
			why = "its name ends in " + name[strings.LastIndexByte(name, '_'):]
		}
		rename := strings.TrimLeft(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, ".cue"), "_test"), "_tool"), "._#")
		if rename == "" {
			rename = "catalog"
		}
		out = append(out, Diagnostic{File: relative(path), Line: 1, Col: 1,
			Msg: "the cue tool leaves the file out of the package, since " + why + ", and the catalog has no other .cue file",
			Fix: "rename the file, such as to " + rename + ".cue"})
	}
	return out
}

// checkLintIgnores reports a path of the lint block's ignore that names
// an entry of the catalog and, below it, a value the entry does not have
// (codes.X.sugestion): it would exempt nothing. The model checks the
// entry itself.
func checkLintIgnores(v cue.Value, in *model.InputRules) model.Errors {
	if in == nil {
		return nil
	}
	var errs model.Errors
	for _, e := range in.Ignore {
		for i, p := range e.Value {
			section, rest, _ := strings.Cut(p, ".")
			if !model.NamesEntries(section) {
				continue
			}
			// The longest key that starts rest: a tool's name may hold dots.
			key := ""
			it, err := v.LookupPath(cue.MakePath(cue.Str(section))).Fields()
			if err != nil {
				continue
			}
			for it.Next() {
				k := it.Selector().Unquoted()
				if (rest == k || strings.HasPrefix(rest, k+".") || strings.HasPrefix(rest, k+"[")) && len(k) > len(key) {
					key = k
				}
			}
			below := strings.TrimPrefix(rest[len(key):], ".")
			if key == "" || below == "" {
				continue
			}
			entry := v.LookupPath(cue.MakePath(cue.Str(section), cue.Str(key)))
			if path := cue.ParsePath(below); path.Err() == nil && entry.LookupPath(path).Exists() {
				continue
			}
			var fields []string
			if it, err := entry.Fields(); err == nil {
				for it.Next() {
					fields = append(fields, it.Selector().String())
				}
			}
			at := section + "." + key + "."
			fix := "name the entry, " + section + "." + key + ", or a value it has: " + at + strings.Join(fields, ", "+at)
			if m := model.Closest(below, fields); len(m) > 0 {
				fix = "did you mean " + at + m[0] + "?"
			}
			errs = append(errs, &model.Error{Path: []string{"lint", "ignore", e.Key, fmt.Sprintf("[%d]", i)},
				Msg: fmt.Sprintf("%q names no value of %s.%s, so it exempts nothing", p, section, key), Fix: fix})
		}
	}
	return errs
}

// checkInput reports what a catalog on disk must have besides what the
// schema says: an output to generate and a code to generate it for.
func checkInput(in *model.Input) model.Errors {
	var errs model.Errors
	if in.Outputs == (model.InputOutputs{}) {
		errs = append(errs, &model.Error{Path: []string{"outputs"},
			Msg: "outputs asks for no output, so errspec would generate nothing",
			Fix: `ask for one output at least, such as go: {dir: ".", package: "apperr"}`})
	}
	if len(in.Codes) == 0 {
		errs = append(errs, &model.Error{Path: []string{"codes"},
			Msg: "the catalog declares no codes",
			Fix: `declare a code, such as codes: NOT_FOUND: {category: "not_found", title: "Not found", message: "{id} not found"}`})
	}
	return errs
}

// validate returns every problem of the catalog v, the user's files raw
// unified with def, the schema's #Catalog, or nil. CUE's Validate reports
// one problem of a struct and leaves out the rest of it, a field the
// schema does not allow among them: when it finds a problem, every value
// the user wrote that holds no problem found so far is validated on its
// own too, and its fields are checked against the schema one by one.
func validate(def, raw, v cue.Value) error {
	var errs cueerrors.Error
	reported := map[string]bool{}
	// under reports whether p is at or below a path with a problem.
	under := func(p []string) bool {
		for n := len(p); n >= 0; n-- {
			if reported[pathString(p[:n])] {
				return true
			}
		}
		return false
	}
	// add adds the problems of err that are not at or below a problem
	// found before. A struct of the user's that fails a disjunction of
	// the schema that allows a struct (an envelope's member) has its
	// problem in a member, which CUE leaves out: the members' problems
	// stand for it.
	add := func(err error) {
		var found []string
		replaced := map[string]bool{}
		for _, e := range cueerrors.Errors(err) {
			p := catalogPath(e.Path())
			format, _ := e.Msg()
			if format == "field not allowed" {
				p = disallowed(p)
			}
			if under(p) || replaced[pathString(p)] {
				continue
			}
			if strings.HasSuffix(format, "errors in empty disjunction:") {
				sels := selectors(p)
				if inner := members(schemaAt(def, sels), raw.LookupPath(cue.MakePath(sels...))); inner != nil {
					replaced[pathString(p)] = true
					e = inner
				}
			}
			errs = cueerrors.Append(errs, e)
			found = append(found, pathString(p))
		}
		for _, p := range found {
			reported[p] = true
		}
	}
	// The user's files alone close a struct only by a definition of
	// their own.
	var own cueerrors.Error
	for _, e := range cueerrors.Errors(raw.Validate()) {
		if format, _ := e.Msg(); format == "field not allowed" {
			e = &placed{err: e, path: e.Path(), closedByCatalog: true}
		}
		own = cueerrors.Append(own, e)
	}
	add(own)
	add(v.Validate(cue.Concrete(true)))
	if errs == nil {
		return nil
	}
	walk(raw, nil, func(r cue.Value, sels []cue.Selector) bool {
		if under(catalogPath(selectorStrings(sels))) {
			return false
		}
		add(v.LookupPath(cue.MakePath(sels...)).Validate(cue.Concrete(true)))
		return true
	}, func(r cue.Value, sels []cue.Selector) {
		// After the values below r: their problems are known, and left
		// out when r's fields are checked.
		if p := selectorStrings(sels); !under(catalogPath(p)) {
			add(fields(schemaAt(def, sels), r, p, under))
		}
	})
	return errs
}

// members returns the problems of the members of r, the user's value
// where the schema is schema, when r is a struct where the schema allows
// a struct among other kinds, each problem at its member; nil when r is
// not such a struct or its members have none.
func members(schema, r cue.Value) cueerrors.Error {
	if r.IncompleteKind() != cue.StructKind {
		return nil
	}
	if op, alts := schema.Eval().Expr(); op == cue.OrOp {
		for _, a := range alts {
			if a.IncompleteKind() == cue.StructKind {
				schema = a
			}
		}
	}
	if schema.IncompleteKind() != cue.StructKind {
		return nil
	}
	var errs cueerrors.Error
	it, err := r.Fields()
	if err != nil {
		return nil
	}
	for it.Next() {
		m, ms := it.Value(), schemaAt(schema, []cue.Selector{it.Selector()})
		err := ms.Unify(m).Validate(cue.Concrete(true))
		if err == nil {
			continue
		}
		if inner := members(ms, m); inner != nil {
			errs = cueerrors.Append(errs, inner)
			continue
		}
		for _, e := range cueerrors.Errors(err) {
			errs = cueerrors.Append(errs, &placed{err: e, path: valuePath(m)})
		}
	}
	return errs
}

// valuePath returns the path of v as CUE writes its selectors.
func valuePath(v cue.Value) []string {
	return selectorStrings(v.Path().Selectors())
}

// selectorStrings writes the selectors of a path as CUE does.
func selectorStrings(sels []cue.Selector) []string {
	p := make([]string, len(sels))
	for i, s := range sels {
		p[i] = s.String()
	}
	return p
}

// walk calls before for v, at the path sels, and, when it returns true,
// for the values in v, depth first, then after for v. Unlike
// cue.Value.Walk it goes on below a value with an error, where other
// problems may be. The path is the one walked, not the value's own: an
// element of a list that a reference gives (tools: _gated.x.tools) has
// the path of the list it was written in, a hidden field's, which the
// catalog unified with its schema does not hold.
func walk(v cue.Value, sels []cue.Selector, before func(cue.Value, []cue.Selector) bool, after func(cue.Value, []cue.Selector)) {
	if !before(v, sels) {
		return
	}
	if it, err := v.Fields(); err == nil {
		for it.Next() {
			walk(it.Value(), append(slices.Clip(sels), it.Selector()), before, after)
		}
	} else if it, err := v.List(); err == nil {
		for i := 0; it.Next(); i++ {
			walk(it.Value(), append(slices.Clip(sels), cue.Index(i)), before, after)
		}
	}
	after(v, sels)
}

// schemaAt returns the schema of the value at the path sels: the field,
// optional or required, of that name, else the pattern that names match,
// else the elements of a list; a value that does not exist when the
// schema has none.
func schemaAt(def cue.Value, sels []cue.Selector) cue.Value {
	node := def
	for _, s := range sels {
		if !node.Exists() {
			break
		}
		var next cue.Value
		if s.Type()&cue.IndexLabel != 0 {
			next = node.LookupPath(cue.MakePath(cue.AnyIndex))
		} else {
			for _, try := range []cue.Selector{s, s.Optional(), s.Required(), cue.AnyString} {
				if next = node.LookupPath(cue.MakePath(try)); next.Exists() {
					break
				}
			}
		}
		node = next
	}
	return node
}

// fields reports the fields of r, the user's value at path p, that its
// schema does not allow, and the fields the schema requires that r lacks.
// CUE reports one problem of a struct: r's fields are checked against the
// schema alone, scalars as they are (a condition of the schema may depend
// on them: file is allowed when layout is single), structs, lists and
// values in error as _,
// and without the fields whose problems are known (under says which), so
// that no other problem hides these.
func fields(schema, r cue.Value, p []string, under func([]string) bool) error {
	if !schema.Exists() {
		return nil
	}
	it, err := r.Fields()
	if err != nil {
		return nil
	}
	ctx := schema.Context()
	alone, allowed, top := ctx.CompileString("{}"), ctx.CompileString("{}"), ctx.CompileString("_")
	suspects := map[string]bool{}
	read := false
	for it.Next() {
		read = true
		sel := it.Selector()
		if under(catalogPath(append(slices.Clone(p), sel.String()))) {
			continue
		}
		w := it.Value()
		if k := w.IncompleteKind(); k == cue.StructKind || k == cue.ListKind || w.Err() != nil {
			w = top // an error of its own would hide those of its siblings
		}
		alone = alone.FillPath(cue.MakePath(sel), w)
		if schema.Allows(sel) {
			allowed = allowed.FillPath(cue.MakePath(sel), w)
		} else {
			suspects[sel.String()] = true
		}
	}
	if !read && r.Err() != nil {
		// A value in error, such as one that holds itself (a structural
		// cycle), has its own problem, and shows no fields to check.
		return nil
	}
	var errs cueerrors.Error
	keep := func(err error, format string, want func(label string) bool) {
		for _, e := range cueerrors.Errors(err) {
			ep := e.Path()
			if f, _ := e.Msg(); f != format || len(ep) == 0 || !want(ep[len(ep)-1]) {
				continue
			}
			path := append(slices.Clone(p), ep[len(ep)-1])
			errs = cueerrors.Append(errs, &placed{err: e, path: append([]string{"#Catalog"}, path...)})
		}
	}
	if len(suspects) > 0 {
		keep(schema.Unify(alone).Validate(), "field not allowed", func(l string) bool { return suspects[l] })
	}
	// The fields the schema declares here, not in the structs below.
	declared := map[string]bool{}
	if it, err := schema.Fields(cue.Optional(true)); err == nil {
		for it.Next() {
			if it.Selector().LabelType() == cue.StringLabel {
				declared[it.Selector().Unquoted()] = true
			}
		}
	}
	keep(schema.Unify(allowed).Validate(cue.Concrete(true)), "field is required but not present", func(l string) bool {
		return declared[l] && !r.LookupPath(cue.MakePath(cue.Str(l))).Exists()
	})
	return errs
}

// placed is a CUE error at another path, a field not allowed by a
// definition of the catalog's own, which closes the struct the field is
// in (closedByCatalog), or a problem of a package that the catalog
// imports, importedAt, directly or through others.
type placed struct {
	err             cueerrors.Error
	path            []string
	closedByCatalog bool
	importedAt      token.Pos
}

func (e *placed) Position() token.Pos         { return e.err.Position() }
func (e *placed) InputPositions() []token.Pos { return e.err.InputPositions() }
func (e *placed) Error() string               { return e.err.Error() }
func (e *placed) Path() []string              { return e.path }
func (e *placed) Msg() (string, []any)        { return e.err.Msg() }
func (e *placed) Unwrap() error               { return errors.Unwrap(e.err) }

// fromCUE turns the CUE errors of err into diagnostics, v being the
// catalog unified with def, the schema's #Catalog (both missing for a
// catalog that does not load).
func fromCUE(v, def cue.Value, err error) Diagnostics {
	var out Diagnostics
	errs := imported(cueerrors.Errors(err))
	// The fields the schema does not allow are left out of the lists of
	// the fields it allows.
	notAllowed := map[string]bool{}
	for _, e := range errs {
		if format, _ := e.Msg(); format == "field not allowed" {
			notAllowed[pathString(disallowed(catalogPath(e.Path())))] = true
		}
	}
	for i := 0; i < len(errs); i++ {
		e := errs[i]
		p := catalogPath(e.Path())
		format, _ := e.Msg()
		if strings.HasSuffix(format, "errors in empty disjunction:") {
			// CUE lists the alternatives that failed right after; they
			// make one problem.
			j := i + 1
			for j < len(errs) && slices.Equal(catalogPath(errs[j].Path()), p) {
				j++
			}
			if j == i+2 && conflictBeside(errs, i, p) {
				// The one alternative left, a default (*500 | int),
				// failed for a conflict of the values set beside it,
				// which is reported on its own.
				i = j - 1
				continue
			}
			if j > i+1 {
				out = append(out, disjunction(v, def, p, errs[i+1:j], notAllowed))
				i = j - 1
				continue
			}
		}
		out = append(out, diagnostic(v, def, p, e, notAllowed))
	}
	// An operation of the schema on a value that is an error already
	// (a cycle: invalid left-hand value to '!=' (type _|_)) says again,
	// at the schema's position, what the user's value says at its own.
	out = slices.DeleteFunc(out, func(d Diagnostic) bool {
		return d.File == schemaFile && strings.Contains(d.Msg, "(type _|_)") &&
			slices.ContainsFunc(out, func(o Diagnostic) bool { return o.Path == d.Path && o.File != schemaFile })
	})
	// A problem of a value that two fields share (categories: cats.all,
	// both in the catalog) is one problem, where it is written: the
	// first path says which.
	type at struct {
		file      string
		line, col int
		msg       string
		field     string // the last name of the path: several fields missing from one struct are several problems
	}
	shown := map[at]bool{}
	out = slices.DeleteFunc(out, func(d Diagnostic) bool {
		if d.File == "" || d.Line == 0 {
			return false
		}
		k := at{d.File, d.Line, d.Col, d.Msg, d.Path[strings.LastIndex(d.Path, ".")+1:]}
		seen := shown[k]
		shown[k] = true
		return seen
	})
	// A structural cycle of a definition shows again at each value that
	// unifies with it, at the same place: the first is the one to mend.
	cycles := map[string]bool{}
	out = slices.DeleteFunc(out, func(d Diagnostic) bool {
		if d.Msg != "structural cycle" || d.Position() == "" {
			return false
		}
		seen := cycles[d.Position()]
		cycles[d.Position()] = true
		return seen
	})
	return sortDiagnostics(misspeltRequired(out))
}

// conflictBeside reports whether errs holds, besides the disjunction at i
// and its one alternative after it, another problem of the value at p.
func conflictBeside(errs []cueerrors.Error, i int, p []string) bool {
	for k, o := range errs {
		if k == i || k == i+1 {
			continue
		}
		if f, _ := o.Msg(); !strings.HasSuffix(f, "errors in empty disjunction:") && slices.Equal(catalogPath(o.Path()), p) {
			return true
		}
	}
	return false
}

// imported replaces each error of errs that says an import failed, when
// CUE knows where the imported package fails, with the problems of that
// package, each at its own position and placed at the import that reads
// the package: what to mend is in the imported file, not at the import.
func imported(errs []cueerrors.Error) []cueerrors.Error {
	var out []cueerrors.Error
	for _, e := range errs {
		var inner []cueerrors.Error
		if format, _ := e.Msg(); format == "import failed" {
			inner = imported(cueerrors.Errors(errors.Unwrap(e)))
		}
		// A problem at the import itself, such as a package not found, is
		// the import's.
		at := e.Position()
		elsewhere := func(ie cueerrors.Error) bool {
			p := ie.Position()
			return p.IsValid() && (p.Filename() != at.Filename() || p.Offset() != at.Offset())
		}
		if !slices.ContainsFunc(inner, elsewhere) {
			out = append(out, e)
			continue
		}
		for _, ie := range inner {
			if p, ok := ie.(*placed); ok && p.importedAt.IsValid() {
				out = append(out, ie) // placed at the import nearest to it
				continue
			}
			out = append(out, &placed{err: ie, path: ie.Path(), importedAt: at})
		}
	}
	return out
}

// misspeltRequired drops from ds the problem of a required field that is
// missing when a field beside it, not allowed, is a misspelling of it:
// output where outputs goes says both, and its fix, did you mean
// outputs?, mends both.
func misspeltRequired(ds Diagnostics) Diagnostics {
	meant := map[string]bool{} // the paths of the fields a misspelt one means
	for _, d := range ds {
		if d.Msg != "field not allowed" {
			continue
		}
		name, ok := strings.CutPrefix(d.Fix, "did you mean ")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "?")
		parent := ""
		if i := strings.LastIndexByte(d.Path, '.'); i >= 0 {
			parent = d.Path[:i+1]
		}
		meant[parent+name] = true
	}
	return slices.DeleteFunc(ds, func(d Diagnostic) bool {
		return strings.HasPrefix(d.Msg, "field is required but not present") && meant[d.Path]
	})
}

// catalogPath turns the path of a CUE error into a path of the catalog:
// without the schema's #Catalog, and with list indexes written [i], as the
// model writes them.
func catalogPath(p []string) []string {
	if len(p) > 0 && p[0] == "#Catalog" {
		p = p[1:]
	}
	out := make([]string, len(p))
	for i, s := range p {
		if _, err := strconv.Atoi(s); err == nil {
			s = "[" + s + "]"
		}
		out[i] = s
	}
	return out
}

// pathString writes a catalog path as the diagnostics show it: codes.X.examples[0].json.
func pathString(p []string) string {
	return strings.ReplaceAll(strings.Join(p, "."), ".[", "[")
}

// cuePath writes the path of names p as CUE writes a path, each name
// quoted where CUE quotes it.
func cuePath(p []string) string {
	labels := make([]string, len(p))
	for i, s := range p {
		labels[i] = label(s)
	}
	return pathString(labels)
}

// isClosedByCatalog reports whether e is a field not allowed by a
// definition of the catalog's own (see validate).
func isClosedByCatalog(e cueerrors.Error) bool {
	p, ok := e.(*placed)
	return ok && p.closedByCatalog
}

// diagnostic turns one CUE error into a diagnostic with a fix, rewording
// the messages whose CUE text shows the schema's internals.
func diagnostic(v, def cue.Value, p []string, e cueerrors.Error, notAllowed map[string]bool) Diagnostic {
	format, args := e.Msg()
	pos := userPos(e)
	if format == "field not allowed" {
		if q := disallowed(p); len(q) < len(p) {
			// CUE reports a misnamed entry of a map at its first field.
			p = q
			pos = token.NoPos
		}
	}
	d := Diagnostic{Msg: fmt.Sprintf(format, args...), Path: pathString(p)}
	if strings.TrimSpace(d.Msg) == "" {
		// Some errors of CUE's loader give their text only as a whole
		// ("invalid io/fs path" of a file name it refuses).
		d.Msg = e.Error()
	}
	var inner cueerrors.Error
	if errors.As(errors.Unwrap(e), &inner) {
		// A wrapped error, such as "import failed", says why after it.
		f, a := inner.Msg()
		d.Msg += ": " + fmt.Sprintf(f, a...)
	}
	// A hidden field of the catalog's package (_reason) is qualified
	// with the import path errspec gives the package, which no file of
	// the catalog's names.
	d.Msg = strings.ReplaceAll(d.Msg, "("+catalogImport+")", "")
	if format == "field is required but not present" && pos.IsValid() && len(p) > 1 && v.Exists() {
		// A field the catalog's own CUE requires (title!: string in a
		// definition): CUE reports it at that declaration, but it is
		// the value that uses the definition that lacks it.
		if at := writtenPos(v, p[:len(p)-1]); at.IsValid() && at != pos {
			d.Msg = fmt.Sprintf("%s, which %s requires", d.Msg, relativePos(pos))
			pos = at
		}
	}
	if !pos.IsValid() && v.Exists() {
		// CUE gives no position for, among others, a required field
		// that is missing: report the nearest value that has one.
		pos = position(v, p)
	}
	d.Fix = fixFor(v, p, d.Msg)
	if fix := tagFix(v, p, d.Msg); fix != "" {
		d.Fix = fix
	}
	if rest, ok := strings.CutPrefix(d.Msg, "incomplete value "); ok && strings.Contains(rest, " | ") {
		// A default the catalog marks (*"sometimes" | "never") that the
		// schema does not allow drops out, and leaves the rest.
		if def, at := droppedDefault(v, p); at.IsValid() {
			d.Msg = fmt.Sprintf("the default %s is not allowed here, which leaves %s", def, rest)
			pos = at
			d.Fix = "mark as the default (with *) a value allowed here, one of " + rest
		}
	}
	if strings.Contains(d.Msg, "incomplete value") || strings.Contains(d.Msg, "non-concrete value") {
		// CUE reports a cycle of references (a: b, b: a) as a cycle,
		// but once the schema's constraints are unified with it, as
		// a value that is not concrete.
		if chain, at := refCycle(v, p); chain != nil {
			d.Msg = "no value: a cycle of references: " + pathString(p) + " is computed from itself"
			if len(chain) > 0 {
				d.Msg = "no value: a cycle of references: " + pathString(p) + " is computed from " +
					strings.Join(chain, ", computed from ") + ", which is computed from " + pathString(p)
			}
			d.Fix = cycleFix
			pos = at
		}
	}
	if strings.HasPrefix(d.Msg, "import failed: ") {
		if len(p) == 1 && strings.Contains(p[0], "@") {
			// The path of an import's problem is the importing
			// package's (example.com/app/apperr@v0), no field.
			d.Path = ""
		}
		if fix := importFix(pos, d.Msg); fix != "" {
			d.Fix = fix
		}
	}
	if name, ok := notFoundRef(d.Msg); ok {
		if fix := refFix(def, p, name); fix != "" {
			d.Fix = fix
		}
		if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
			// A definition or a hidden field, never text without its
			// quotes: most often a name misspelt.
			if near := nearLabel(pos, name); near != "" {
				d.Fix = "did you mean " + near + "?"
			}
		}
	}
	if rest, ok := strings.CutPrefix(d.Msg, "cannot call non-function "); ok {
		// A function of a package misspelt: strings.ToUpperr.
		if call, _, ok := strings.Cut(rest, " "); ok {
			if pkg, fn, ok := strings.Cut(call, "."); ok {
				if fix := builtinFix(pos, pkg, fn); fix != "" {
					d.Fix = fix
				}
			}
		}
	}
	if _, name, ok := strings.Cut(d.Msg, "undefined field: "); ok {
		if near := nearSelected(pos, name); near != "" {
			d.Fix = "did you mean " + near + "?"
		}
	}
	if format == "field not allowed" && len(p) > 0 {
		field := p[len(p)-1]
		switch {
		case isClosedByCatalog(e) && schemaAt(def, selectors(p[:len(p)-1])).Allows(selector(field)):
			// The schema allows it: the catalog's own CUE closes the struct.
			d.Fix = "the schema allows " + field + " here, but a definition (#Name) the catalog puts here closes the struct: declare " +
				field + " in that definition too, or end the definition with ... to leave it open"
		case nameFixes[parentName(p)] == "":
			d.Fix = allowedFields(v, p[:len(p)-1], field, notAllowed)
		}
	}
	ownValue, ownBound := ownConstraint(e)
	switch {
	case strings.HasPrefix(format, "conflicting values %s and %s"):
		d.Msg, d.Fix = conflict(def, p, e, args, d.Msg, d.Fix)
		if strings.Contains(d.Fix, ", without a fraction: ") && divides(pos) {
			// The float is a quotient the catalog computes (10 / 2),
			// not a literal it writes.
			d.Fix = "divide with div(a, b), which gives an integer: CUE's / always gives a float, 10 / 2 is 5.0"
		}
	case ownBound.IsValid() && len(args) == 2:
		// The catalog's own CUE sets the constraint: report the value
		// that breaks it, and where the constraint is, with a fix that
		// names it rather than what the schema allows, which the value
		// may well satisfy.
		pos = ownValue
		d.Msg = fmt.Sprintf("invalid value %v: the constraint %v, set at %s, does not allow it", args[0], args[1], relativePos(ownBound))
		d.Fix = fmt.Sprintf("give a value that satisfies %v, or change the constraint at %s", args[1], relativePos(ownBound))
	case format == "invalid value %v (out of bound %s)" && len(args) == 2:
		bound := fmt.Sprint(args[1])
		if problem := boundProblem(p, bound); problem != "" {
			d.Msg = fmt.Sprintf("invalid value %v: %s", args[0], problem)
		}
		if src, err := strconv.Unquote(fmt.Sprint(args[0])); err == nil && fieldKey(p) == "type" {
			d.Fix = model.TypeFix(src)
		} else if err == nil && fieldKey(p) == "package" {
			if name := packageName(src); name != "" {
				d.Fix = "give a Go package name: lower-case letters and digits, such as " + name
			}
		}
	case strings.HasPrefix(d.Msg, "expected label or ':'") && afterImport(pos):
		d.Msg = "an import after the first field: a file's imports come right after its package clause"
		d.Fix = "move the import up, between the package clause and the first field"
	case format == "expected %s, found '%s'" && strings.HasSuffix(d.Msg, "found 'EOF'"):
		// The file ended inside a { [ or (: report where it was opened.
		if open, ok := unclosed(pos); ok {
			d.Msg = fmt.Sprintf("%s is never closed: the file ends first", open.lit)
			d.Fix = "add the " + open.close + " that closes it, or remove it"
			pos = open.pos
		}
	}
	if p, ok := e.(*placed); ok && p.importedAt.IsValid() {
		d.Msg += ", in a package that " + relativePos(p.importedAt) + " imports"
	}
	setPos(&d, pos)
	return d
}

// tagFix is the fix of a value at p that is incomplete (msg) because it
// waits for a tag, @tag(name), which cue export -t would inject and
// errspec does not; "" for any other problem.
func tagFix(v cue.Value, p []string, msg string) string {
	if !strings.HasPrefix(msg, "incomplete value") || !v.Exists() {
		return ""
	}
	w := v.LookupPath(cue.MakePath(selectors(p)...))
	a := w.Attribute("tag")
	if a.Err() != nil {
		return ""
	}
	name, err := a.String(0)
	if err != nil || name == "" {
		name = "NAME"
	}
	example := map[cue.Kind]string{cue.StringKind: `*"..." | string`, cue.IntKind: "*1 | int", cue.BoolKind: "*false | bool"}[w.IncompleteKind()]
	return "errspec injects no tags, as cue export -t " + name + "=VALUE does: write the value in the catalog, or give the field a default that a tag may replace, such as " +
		cmp.Or(example, "*VALUE | TYPE") + " @tag(" + a.Contents() + ")"
}

// mapKeys are the patterns of the names of the catalog's maps, by map, as
// the schema gives them (TestMapKeysAsSchema).
var mapKeys = map[string]*regexp.Regexp{
	"categories": regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`),
	"codes":      regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`),
	"params":     regexp.MustCompile(`^[a-z][a-z0-9_]*$`),
	"fields":     regexp.MustCompile(`^[a-z][a-z0-9_]*$`),
	"envelopes":  regexp.MustCompile(`^[a-z][a-z0-9_]*$`),
	"features":   regexp.MustCompile(`^[a-z][a-z0-9_]*$`),
	"tools":      regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]*$`),
	"actions":    regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]*$`),
}

// disallowed shortens the path of a field the schema does not allow to the
// entry of a map whose name breaks the map's pattern, when there is one:
// the entry is what is not allowed, not the fields in it.
func disallowed(p []string) []string {
	for i := 1; i < len(p); i++ {
		re, ok := mapKeys[p[i-1]]
		if !ok || (i >= 2 && p[i-2] == "examples") || strings.HasPrefix(p[i-1], "[") || strings.HasPrefix(p[i], "[") {
			continue
		}
		name := p[i]
		if u, err := strconv.Unquote(name); err == nil {
			name = u
		}
		if !re.MatchString(name) {
			return p[:i+1]
		}
	}
	return p
}

func parentName(p []string) string {
	if len(p) < 2 {
		return ""
	}
	return p[len(p)-2]
}

// conflict words a conflict between two values: a value of the wrong kind
// for the schema, or a field the catalog sets twice, in two places or two
// files, to different values.
func conflict(def cue.Value, p []string, e cueerrors.Error, args []any, msg, fix string) (string, string) {
	if len(args) < 2 {
		return msg, fix
	}
	a, b := fmt.Sprint(args[0]), fmt.Sprint(args[1])
	var users []token.Pos
	for _, pos := range e.InputPositions() {
		if pos.IsValid() && pos.Filename() != schemaFile && !slices.Contains(users, pos) {
			users = append(users, pos)
		}
	}
	if len(users) >= 2 && concrete(a) && concrete(b) {
		return fmt.Sprintf("set twice, to %s and to %s, here and at %s", short(a), short(b), relativePos(users[1])),
			"keep one value: CUE merges every .cue file of the catalog, so a field set in two places must agree"
	}
	if len(args) == 4 {
		// conflicting values %s and %s (mismatched types %s and %s)
		got, want, value := fmt.Sprint(args[2]), fmt.Sprint(args[3]), a
		if !concrete(a) && concrete(b) {
			got, want, value = want, got, b
		}
		// When neither value is concrete (a reference to a definition's
		// int where a text goes), the schema says which kind it wants.
		if k := schemaAt(def, selectors(p)).IncompleteKind(); k.String() == got && k.String() != want {
			got, want = want, got
			if value == a {
				value = b
			} else {
				value = a
			}
		}
		msg = fmt.Sprintf("want %s, got %s: %s", kindName(want), kindName(got), short(value))
		if f := nameLeftOut(def, p, want, value); f != "" {
			return msg, f
		}
		if f := literalFix(p, want, got, value); f != "" {
			return msg, f
		}
		if f, ok := valueFixes[fieldKey(p)]; ok && !isEntry(def, p) {
			return msg, f
		}
		if n := len(p); n > 1 && (p[n-2] == "params" || p[n-2] == "fields") && want == "struct" {
			// A param written as its type alone, last4: "string".
			typ := `"string"`
			if got == "string" {
				typ = short(value)
			}
			return msg, "write the " + strings.TrimSuffix(p[n-2], "s") + " as an object that gives its type, such as {type: " + typ + "}"
		}
		return msg, kindFixes[want]
	}
	return msg, fix
}

// nameLeftOut says how to write a field of an entry of a map of named
// entries that is written in the map itself, the entry's name left out
// (categories: retry: "never", params: type: "string"): the schema
// takes it for an entry named like the field, and wants an object; ""
// otherwise.
func nameLeftOut(def cue.Value, p []string, want, value string) string {
	n := len(p)
	if want != "struct" || n < 2 || strings.HasPrefix(p[n-1], "[") {
		return ""
	}
	field, parent := p[n-1], schemaAt(def, selectors(p[:n-1]))
	if declares(parent, field) || !declares(schemaAt(def, selectors(p)), field) {
		return ""
	}
	kind := p[n-2]
	switch {
	case strings.HasSuffix(kind, "ies"):
		kind = strings.TrimSuffix(kind, "ies") + "y"
	default:
		kind = strings.TrimSuffix(kind, "s")
	}
	return "declare the " + kind + " under its name, " + p[n-2] + ": NAME: {" + field + ": " + value + "}: " +
		p[n-2] + " holds " + p[n-2] + " by name, and " + field + " is a field of each"
}

// isEntry reports whether p names an entry of a map of named entries
// (categories.name, a category named name), not a field its struct
// declares: the fix for a value of the field of that name is not the
// entry's.
func isEntry(def cue.Value, p []string) bool {
	n := len(p)
	if n < 2 || strings.HasPrefix(p[n-1], "[") {
		return false
	}
	parent := schemaAt(def, selectors(p[:n-1]))
	return parent.Exists() && parent.IncompleteKind() == cue.StructKind && !declares(parent, p[n-1])
}

// literalFix says how to write value, of kind got, where the schema
// wants a value of kind want at p, when the way it is written is all that
// is wrong: a text in single quotes, which CUE reads as bytes; a number
// or a boolean in double quotes; a whole number with a fraction; a param
// type without its quotes, which is CUE's own type. It returns ""
// otherwise.
func literalFix(p []string, want, got, value string) string {
	if f := shapeFix(p, want, got, value); f != "" {
		return f
	}
	switch {
	case got == "bytes" && want == "string":
		if u, err := literal.Unquote(value); err == nil && utf8.ValidString(u) {
			return "write " + strconv.Quote(u) + ", in double quotes: CUE reads text in single quotes as bytes"
		}
		return "write the text in double quotes: CUE reads text in single quotes as bytes"
	case want == "int" && (got == "float" || got == "number"):
		if f, err := strconv.ParseFloat(value, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return "write " + strconv.FormatFloat(f, 'f', -1, 64) + ", without a fraction: CUE reads " + value + " as a float"
		}
	case got == "string":
		u, err := strconv.Unquote(value)
		if err != nil {
			return ""
		}
		var ok bool
		switch want {
		case "struct", "list":
			if t := strings.TrimSpace(u); t != "" && (t[0] == '{' || t[0] == '[') && json.Valid([]byte(t)) {
				return "write the JSON itself, without the quotes around it: CUE reads JSON as it is"
			}
		case "int":
			_, err := strconv.ParseInt(u, 10, 64)
			ok = err == nil
		case "float", "number":
			_, err := strconv.ParseFloat(u, 64)
			ok = err == nil && strings.TrimLeft(u, "+-0123456789.eE") == ""
		case "bool":
			ok = u == "true" || u == "false"
		}
		if ok {
			return "write " + u + ", without quotes"
		}
	}
	return ""
}

// shapeFix says how to write an output given as its path alone
// (outputs: markdown: "ERRORS.md", outputs: go: "."), which the schema
// wants as an object, and params or fields given as a list of objects
// with a name, which it wants keyed by name; "" otherwise.
func shapeFix(p []string, want, got, value string) string {
	n := len(p)
	if want != "struct" || n == 0 {
		return ""
	}
	if n == 2 && p[0] == "outputs" && got == "string" {
		switch p[1] {
		case "markdown", "jsonschema", "catalog", "llms":
			return "write " + p[1] + ": file: " + value + ": an output is an object, whose file is the path"
		case "go", "mcp", "grpc":
			name := "apperr" + map[string]string{"go": "", "mcp": "mcp", "grpc": "grpc"}[p[1]]
			extra := ""
			if p[1] == "grpc" {
				extra = `, domain: "tools.example.com"`
			}
			return "write " + p[1] + ": {dir: " + value + `, package: "` + name + `"` + extra + "}: a Go output is an object with the package's directory and name"
		}
	}
	last := p[n-1]
	if (last == "params" || last == "fields") && got == "list" && (n < 2 || p[n-2] != "params" && p[n-2] != "fields") {
		name := "path"
		if m := listedName.FindStringSubmatch(value); m != nil {
			name = m[1]
		}
		return "write " + last + " as an object with a field per " + strings.TrimSuffix(last, "s") + ", named by its name: " + last + ": {" + name + `: {type: "string"}}`
	}
	return ""
}

// listedName matches the name of the first object of a list of params as
// CUE prints it: [{name:"path",type:"string"}].
var listedName = regexp.MustCompile(`^\[\{(?:[^{}]*,)?name:"([a-z][a-z0-9_]*)"`)

// cueTypeProblem words the problem of typ, one of CUE's types, written
// at p where the schema wants a value of kind want: most often a param's
// type without its quotes, type: string.
func cueTypeProblem(p []string, typ, want string) (msg, fix string) {
	msg = typ + " without quotes is CUE's type of every " + cueTypes[typ] + ", not a value"
	paramType := slices.Contains([]string{"string", "int", "bool", "float"}, typ)
	switch n := len(p); {
	case fieldKey(p) == "type" && paramType:
		fix = `write "` + typ + `", in double quotes: errspec's param types are texts`
	case n > 1 && (p[n-2] == "params" || p[n-2] == "fields") && want == "struct" && paramType:
		fix = "write the " + strings.TrimSuffix(p[n-2], "s") + ` as an object that gives its type, such as {type: "` + typ + `"}`
	case kindFixes[want] != "":
		fix = "give a value: " + kindFixes[want]
	default:
		fix = "give a value"
	}
	return msg, fix
}

// cueTypes names what each of CUE's types written as a value holds.
var cueTypes = map[string]string{
	"string": "string", "int": "integer", "bool": "boolean", "float": "number with a fraction",
	"number": "number", "bytes": "byte sequence",
}

// disjunction words the failure of a value to match any alternative of a
// disjunction, such as retry: "sometimes", as one problem.
func disjunction(v, def cue.Value, p []string, alts []cueerrors.Error, notAllowed map[string]bool) Diagnostic {
	d := diagnostic(v, def, p, alts[0], notAllowed)
	if len(alts) == 1 {
		// One alternative left to fail, whose two values may well both
		// be the catalog's (a default, *500 | int, and the value set
		// elsewhere): it is the conflict it says.
		return d
	}
	// Each alternative is a conflict between the user's value, the same in
	// all of them, and the value or the kind the alternative wants, or a
	// bound the user's value breaks.
	count := map[string]int{}
	kinds, bounds := 0, 0
	for _, e := range alts {
		format, args := e.Msg()
		switch {
		case format == "invalid value %v (out of bound %s)" && len(args) == 2:
			bounds++
			count[fmt.Sprint(args[0])]++
		case strings.HasPrefix(format, "conflicting values %s and %s") && len(args) >= 2:
			if len(args) == 4 {
				kinds++
			}
			count[fmt.Sprint(args[0])]++
			count[fmt.Sprint(args[1])]++
		default:
			return d
		}
	}
	var user, got string
	var wants, kindsWanted []string
	for _, e := range alts {
		format, args := e.Msg()
		if strings.HasPrefix(format, "invalid value") {
			user = fmt.Sprint(args[0])
			continue
		}
		u, w := 0, 1
		a, b := fmt.Sprint(args[0]), fmt.Sprint(args[1])
		if count[b] == len(alts) && (count[a] < len(alts) || !concrete(a)) {
			u, w = 1, 0
		}
		user = fmt.Sprint(args[u])
		want := fmt.Sprint(args[w])
		if len(args) == 4 {
			got, want = fmt.Sprint(args[2+u]), kindName(fmt.Sprint(args[2+w]))
			kindsWanted = append(kindsWanted, fmt.Sprint(args[2+w]))
		}
		if !slices.Contains(wants, want) {
			wants = append(wants, want)
		}
	}
	switch {
	case kinds == len(alts):
		d.Msg = fmt.Sprintf("%s is not allowed here: %s", kindName(got), short(user))
		d.Fix = "give " + prose.List(wants, "or")
	case bounds == 0:
		d.Msg = fmt.Sprintf("%s is none of the values allowed here", short(user))
		d.Fix = "use " + prose.List(closestFirst(user, wants), "or")
	default:
		d.Msg = fmt.Sprintf("%s is none of the values allowed here", short(user))
		d.Fix = "change the value to one the schema allows"
	}
	value, own := disjunctionPositions(alts)
	if value.IsValid() {
		setPos(&d, value)
	}
	if f, ok := valueFixes[fieldKey(p)]; ok && !own {
		// The schema's values, unless the catalog's own disjunction
		// allows fewer of them.
		d.Fix = f
	}
	if kinds == len(alts) {
		// A value in quotes where a boolean or a number goes:
		// structured_content: "false".
		for _, want := range kindsWanted {
			if f := literalFix(p, want, got, user); f != "" {
				d.Fix = f
				break
			}
		}
	}
	if got == "bytes" {
		// The catalog holds no bytes: the quotes are what is wrong.
		d.Fix = literalFix(p, "string", got, user)
	}
	return d
}

// disjunctionPositions returns the position of the value that none of
// the alternatives of a disjunction allows, the one user position that
// every alternative's error shares, and whether the alternatives are the
// catalog's own (a definition #Retry: *"never" | "after_fix"), each
// error's other positions in the user's files, not the schema's.
func disjunctionPositions(alts []cueerrors.Error) (value token.Pos, own bool) {
	user := func(p token.Pos) bool { return p.IsValid() && p.Filename() != "" && p.Filename() != schemaFile }
	shared := func(p token.Pos) bool {
		for _, e := range alts {
			if !slices.Contains(e.InputPositions(), p) {
				return false
			}
		}
		return true
	}
	for _, p := range alts[0].InputPositions() {
		if user(p) && shared(p) {
			value = p
			break
		}
	}
	if !value.IsValid() {
		return token.NoPos, false
	}
	own = true
	for _, e := range alts {
		alone := false
		for _, p := range e.InputPositions() {
			if shared(p) {
				continue
			}
			alone = true
			if !user(p) {
				own = false
			}
		}
		if !alone {
			own = false
		}
	}
	return value, own
}

// concrete reports whether a value as CUE prints it is a value the user
// wrote rather than a constraint of the schema.
func concrete(s string) bool {
	switch s {
	case "null":
		return true
	case "_", "bool", "string", "bytes", "number", "int", "float":
		return false
	}
	if strings.HasPrefix(s, `"`) {
		return true
	}
	for _, mark := range []string{"...", "?:", "!:", "=~", "!~", "#", ">", "<", "!=", "*"} {
		if strings.Contains(s, mark) {
			return false
		}
	}
	return true
}

// short cuts a value as CUE prints it to a length that fits a line.
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return s
}

// closestFirst returns the values allowed, wants, as CUE quotes them, for
// the string value user: the ones nearest to it (a misspelling of one of
// them), if any, else all of them.
func closestFirst(user string, wants []string) []string {
	u, err := strconv.Unquote(user)
	if err != nil {
		return wants
	}
	byName := map[string]string{}
	var names []string
	for _, w := range wants {
		if n, err := strconv.Unquote(w); err == nil {
			byName[n] = w
			names = append(names, n)
		}
	}
	near := model.Closest(u, names)
	if len(near) == 0 {
		return wants
	}
	out := make([]string, len(near))
	for i, n := range near {
		out[i] = byName[n]
	}
	return out
}

// kindName names a CUE kind for a person.
func kindName(k string) string {
	switch k {
	case "list":
		return "a list"
	case "struct":
		return "an object"
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "int":
		return "an integer"
	case "float", "number":
		return "a number"
	case "null":
		return "null"
	}
	return k
}

// kindFixes say how to write a value of a kind.
var kindFixes = map[string]string{
	"list":   `write a list in brackets, such as ["a", "b"]`,
	"struct": "write an object in braces, such as {name: value}",
	"string": "write the text in double quotes",
	"bool":   "write true or false, without quotes",
	"int":    "write a whole number, without quotes",
	"float":  "write a number, without quotes",
	"number": "write a number, without quotes",
	"null":   "write null",
}

// boundProblem says in words what a value breaks when it breaks a regular
// expression of the schema; "" leaves CUE's own text.
func boundProblem(p []string, bound string) string {
	key := fieldKey(p)
	switch {
	case bound == `!=""`:
		return "the text is empty"
	case key == "base_url" && bound == `!~"#"`:
		return "a docs base URL takes no #fragment: errspec adds #anchor itself"
	case strings.HasPrefix(bound, "=~") && strings.HasSuffix(key, "file"):
		return "the file name does not end in " + map[string]string{
			"markdown.file": ".md", "jsonschema.file": ".json", "catalog.file": ".json", "llms.file": ".txt or .md",
		}[key]
	case strings.HasPrefix(bound, "=~"):
		return boundProblems[key]
	}
	return ""
}

// notURL says what a value of a URL field (the schema's #URL) is not.
const notURL = "not an http or https URL with a host, and without spaces or any of the characters \" < > \\ ^ ` { | }"

// encodeURL ends the fix of a URL field: how to write the characters a
// URL cannot hold as they are.
const encodeURL = "; percent-encode a space or any of \" < > \\ ^ ` { | } in it (%20 for a space, %7C for |)"

// boundProblems say what a value that breaks the regular expression of
// its field is not, by field.
var boundProblems = map[string]string{
	"name":        "a catalog name is lower snake_case",
	"base_url":    notURL,
	"upgrade_url": notURL,
	"docs_url":    notURL,
	"package":     "a Go package name is lower-case letters and digits, starting with a letter",
	"type":        "not a param type",
	"tiers[]":     "a tier name is words of ASCII letters, digits, _ and -, parted by single spaces, starting with a letter",
	"tools[]":     "not a tool or a tool:action",
	"index":       "an index page is a file name ending in .md",
	"version":     "not a semantic version, MAJOR.MINOR.PATCH",
	"import_path": "not a Go import path",
	"domain":      "an ErrorInfo domain is a lower-case host name",
	"ignore[]":    "not the path of a value: names parted by single dots, as the paths of findings are written",
}

// fieldKey names the field at p for the tables of fixes: its name, with
// its output for the file of an output (markdown.file), "example." before
// a field of an example, "[]" after a list for an element of it
// (tiers[]), and ignore[] for a path of a rule's ignore, whatever the
// rule.
func fieldKey(p []string) string {
	n := len(p)
	if n == 0 {
		return ""
	}
	last := p[n-1]
	switch {
	case n == 4 && (p[0] == "lint" || p[0] == "breaking") && p[1] == "ignore":
		return "ignore[]" // a path of a rule's ignore, lint.ignore.RULE[0]
	case strings.HasPrefix(last, "[") && n > 1:
		return p[n-2] + "[]"
	case last == "file" && n > 1:
		return p[n-2] + ".file"
	case n > 2 && p[n-3] == "examples":
		return "example." + last
	}
	return last
}

// opener is a bracket that a file leaves open.
type opener struct {
	pos   token.Pos
	lit   string // {, [ or (
	close string
}

// unclosed finds the bracket that the file of pos leaves open: the
// innermost at the end of the file, unless the indentation says which
// (a closing bracket at the start of a line left of the line that opened
// the bracket it closes: that bracket is the one left open). A line is
// left of another when its indentation is a shorter start of the
// other's, so that tabs are not compared with spaces; and the guess is
// dropped when the brackets after it close every one before it, as they
// do when a line closes two brackets at once (}}) and the bracket the
// file leaves open comes later. A bracket opened on a line that starts
// by closing one (}, { between the objects of a list) is at the level of
// the one closed.
func unclosed(pos token.Pos) (opener, bool) {
	if !pos.IsValid() {
		return opener{}, false
	}
	src, err := os.ReadFile(pos.Filename())
	if err != nil {
		return opener{}, false
	}
	type open struct {
		opener
		indent string // the white space before the first token of the opener's line
	}
	var stack []open
	var guess *open // the first opener a closing bracket left of its line's indentation passed over
	line, indent := 0, ""
	eachTokenOf(pos.Filename(), src, func(p token.Pos, tok token.Token, _ string) bool {
		first := p.Line() != line
		if first {
			line, indent = p.Line(), string(src[p.Offset()-(p.Column()-1):p.Offset()])
		}
		switch tok {
		case token.LBRACE:
			stack = append(stack, open{opener{p, "{", "}"}, indent})
		case token.LBRACK:
			stack = append(stack, open{opener{p, "[", "]"}, indent})
		case token.LPAREN:
			stack = append(stack, open{opener{p, "(", ")"}, indent})
		case token.RBRACE, token.RBRACK, token.RPAREN:
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				if first && guess == nil && len(indent) < len(top.indent) && strings.HasPrefix(top.indent, indent) {
					// A bracket that starts its line left of the line
					// that opened the innermost: it closes an outer one,
					// and the innermost was never closed.
					guess = &top
				}
				if first {
					// A line that starts by closing a bracket, as }, {
					// between the objects of a list does, opens the
					// next at the level of the one it closed.
					indent = top.indent
				}
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					// Every bracket is closed, the guessed one too.
					guess = nil
				}
			}
		}
		return true
	})
	if len(stack) == 0 {
		return opener{}, false
	}
	if guess != nil {
		return guess.opener, true
	}
	return stack[len(stack)-1].opener, true
}

// divides reports whether the expression that starts at pos, up to the
// end of its line or of its field, divides with /.
func divides(pos token.Pos) bool {
	found := false
	eachToken(pos, func(p token.Pos, tok token.Token, _ string) bool {
		if p.Offset() < pos.Offset() {
			return true
		}
		if p.Line() != pos.Line() || tok == token.COMMA || tok == token.RBRACE {
			return false
		}
		found = found || tok == token.QUO
		return !found
	})
	return found
}

// afterImport reports whether the token just before pos, in its file, is
// import, which CUE's scanner reads as a name.
func afterImport(pos token.Pos) bool {
	prev := ""
	eachToken(pos, func(p token.Pos, tok token.Token, lit string) bool {
		if p.Offset() >= pos.Offset() {
			return false
		}
		prev = ""
		if tok == token.IDENT {
			prev = lit
		}
		return true
	})
	return prev == "import"
}

// eachToken calls f with each token of the file of pos, up to the end of
// the file or until f returns false.
func eachToken(pos token.Pos, f func(p token.Pos, tok token.Token, lit string) bool) {
	if !pos.IsValid() {
		return
	}
	src, err := os.ReadFile(pos.Filename())
	if err != nil {
		return
	}
	eachTokenOf(pos.Filename(), src, f)
}

// eachTokenOf calls f with each token of src, the file name, up to the
// end of the file or until f returns false.
func eachTokenOf(name string, src []byte, f func(p token.Pos, tok token.Token, lit string) bool) {
	file := token.NewFile(name, -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0)
	for {
		p, tok, lit := s.Scan()
		if tok == token.EOF || !f(p, tok, lit) {
			return
		}
	}
}

// relativePos writes a position as file:line:col, the file relative to
// the working directory.
func relativePos(p token.Pos) string {
	return fmt.Sprintf("%s:%d:%d", relative(p.Filename()), p.Line(), p.Column())
}

// userPos picks the position of an error in the user's files over one in
// the embedded schema.
func userPos(e cueerrors.Error) token.Pos {
	cands := append([]token.Pos{e.Position()}, e.InputPositions()...)
	for _, p := range cands {
		if p.IsValid() && p.Filename() != schemaFile && p.Filename() != "" {
			return p
		}
	}
	if p := e.Position(); p.Filename() != "" {
		return p
	}
	return token.NoPos
}

// writtenPos returns the position of the value at p as the catalog
// writes it, a struct rather than a definition or pattern it unifies with
// (codes: [string]: #Code), or position's when it has no such part.
func writtenPos(v cue.Value, p []string) token.Pos {
	w := lookup(v, selectors(p))
	if !w.Exists() {
		return position(v, p)
	}
	parts := []cue.Value{w}
	if op, vs := w.Expr(); op == cue.AndOp {
		parts = vs
	}
	for _, x := range parts {
		if r, _ := x.ReferencePath(); r.Exists() {
			continue
		}
		if pos := x.Pos(); pos.IsValid() && pos.Filename() != "" && pos.Filename() != schemaFile {
			return pos
		}
	}
	return position(v, p)
}

// droppedDefault returns the default a disjunction of the catalog's own
// at p marks, and where, when the other values unified with it do not
// allow it; "" and NoPos otherwise.
func droppedDefault(v cue.Value, p []string) (string, token.Pos) {
	w := lookup(v, selectors(p))
	op, parts := w.Expr()
	if op != cue.AndOp {
		return "", token.NoPos
	}
	for i, x := range parts {
		pos := x.Pos()
		if !pos.IsValid() || pos.Filename() == "" || pos.Filename() == schemaFile {
			continue
		}
		def, ok := x.Default()
		if !ok || def.Validate(cue.Concrete(true)) != nil {
			continue
		}
		if r, rp := x.ReferencePath(); r.Exists() {
			// Written in a definition the field refers to: that is
			// where the default is marked.
			if at := r.LookupPath(rp).Pos(); at.IsValid() && at.Filename() != "" && at.Filename() != schemaFile {
				pos = at
			}
		}
		for j, o := range parts {
			if j != i && o.Unify(def).Validate() != nil {
				return fmt.Sprint(def), pos
			}
		}
	}
	return "", token.NoPos
}

// cycleFix is the fix of fields computed from one another in a circle.
const cycleFix = "give one of the fields of the cycle a value of its own, not one computed from the others"

// refCycle returns, when the value at p refers to a field that leads,
// through references, back to p, the fields of that cycle after p, and
// the position of p's own reference; an empty list when p refers to
// itself, and nil when there is no such cycle.
func refCycle(v cue.Value, p []string) ([]string, token.Pos) {
	start := cue.MakePath(selectors(p)...).String()
	type ref struct {
		path string
		pos  token.Pos
	}
	refsOf := func(path string) []ref {
		var refs []ref
		var find func(w cue.Value, depth int)
		find = func(w cue.Value, depth int) {
			if r, rp := w.ReferencePath(); r.Exists() && len(rp.Selectors()) > 0 {
				pos := w.Pos()
				if f, ok := w.Source().(*ast.Field); ok && f.Value != nil {
					// The field's value is the reference itself.
					pos = f.Value.Pos()
				}
				refs = append(refs, ref{rp.String(), pos})
				return
			}
			op, vs := w.Expr()
			if depth == 0 || (op == cue.NoOp && len(vs) == 1) {
				return
			}
			for _, x := range vs {
				find(x, depth-1)
			}
		}
		find(v.LookupPath(cue.ParsePath(path)), 6)
		return refs
	}
	seen := map[string]bool{start: true}
	var chain []string
	var walk func(path string) bool
	walk = func(path string) bool {
		for _, r := range refsOf(path) {
			if r.path == start {
				return true
			}
			if seen[r.path] || len(chain) >= 8 {
				continue
			}
			seen[r.path] = true
			chain = append(chain, r.path)
			if walk(r.path) {
				return true
			}
			chain = chain[:len(chain)-1]
		}
		return false
	}
	for _, r := range refsOf(start) {
		if r.path == start {
			return []string{}, r.pos
		}
		seen[r.path] = true
		chain = append(chain[:0], r.path)
		if walk(r.path) {
			return chain, r.pos
		}
	}
	return nil, token.NoPos
}

// ownConstraint returns, for an error of a value that breaks a bound
// (<500, =~"^[A-Z]") or a validator (strings.MinRunes(5)) that the
// catalog's own CUE sets, rather than the schema, the position of the
// value and that of the constraint; CUE reports such an error at the
// constraint, which may be in another file than the value, and gives the
// value as the first of its input positions. Both are NoPos for any other
// error.
func ownConstraint(e cueerrors.Error) (value, constraint token.Pos) {
	format, _ := e.Msg()
	if format != "invalid value %v (out of bound %s)" && format != "invalid value %s (does not satisfy %s)" {
		return token.NoPos, token.NoPos
	}
	at, in := e.Position(), e.InputPositions()
	if !at.IsValid() || at.Filename() == "" || at.Filename() == schemaFile || len(in) == 0 {
		return token.NoPos, token.NoPos
	}
	if v := in[0]; v.IsValid() && v.Filename() != "" && v.Filename() != schemaFile && v != at {
		return v, at
	}
	return token.NoPos, token.NoPos
}

// builtinFix says which function fn of the package the file of pos
// imports as pkg was meant, when the package is one of CUE's standard
// library, or "".
func builtinFix(pos token.Pos, pkg, fn string) string {
	if !pos.IsValid() || pos.Filename() == "" || pos.Filename() == schemaFile {
		return ""
	}
	f, err := parser.ParseFile(pos.Filename(), nil, parser.ImportsOnly)
	if err != nil {
		return ""
	}
	importPath := ""
	for spec := range f.ImportSpecs() {
		p, err := literal.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name == pkg {
			importPath = p
		}
	}
	if importPath == "" || strings.Contains(strings.SplitN(importPath, "/", 2)[0], ".") {
		return "" // not the standard library
	}
	w := cuecontext.New().CompileString("import p " + strconv.Quote(importPath) + "\nx: p").LookupPath(cue.MakePath(cue.Str("x")))
	it, err := w.Fields(cue.All())
	if err != nil {
		return ""
	}
	var names []string
	for it.Next() {
		names = append(names, it.Selector().String())
	}
	if m := model.Closest(fn, names); len(m) > 0 {
		return "did you mean " + pkg + "." + m[0] + "? " + importPath + " has no " + fn
	}
	return importPath + " has no " + fn + ": see the functions of CUE's standard library package " + importPath
}

// nearSelected returns the field most like name, which CUE did not find
// in the struct a selector at pos selects it from (_titles.NOT_FUOND),
// among the fields the catalog's files declare in that struct, or "": it
// follows the selector's operand by names (a.b.c) to a field written as
// a struct in the files of pos's directory.
func nearSelected(pos token.Pos, name string) string {
	if !pos.IsValid() || pos.Filename() == "" || pos.Filename() == schemaFile {
		return ""
	}
	files := dirFiles(filepath.Dir(pos.Filename()))
	var operand []string
	for _, f := range files {
		if f.Filename != pos.Filename() {
			continue
		}
		ast.Walk(f, func(n ast.Node) bool {
			// CUE reports an interpolation's problem at the string:
			// the selector of the name on its line is the one.
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Pos().Line() == pos.Line() && sel.Sel.Pos().Offset() >= pos.Offset() {
				if l, _, err := ast.LabelName(sel.Sel); err == nil && l == name {
					operand = selectorNames(sel.X)
				}
			}
			return operand == nil
		}, nil)
	}
	if len(operand) == 0 {
		return ""
	}
	// The struct literals the operand's names lead to, from a field of
	// the first name anywhere in the files.
	structs := []*ast.StructLit{}
	for _, f := range files {
		ast.Walk(f, func(n ast.Node) bool {
			if fd, ok := n.(*ast.Field); ok {
				if l, _, err := ast.LabelName(fd.Label); err == nil && l == operand[0] {
					if s, ok := fd.Value.(*ast.StructLit); ok {
						structs = append(structs, s)
					}
				}
			}
			return true
		}, nil)
	}
	for _, next := range operand[1:] {
		var deeper []*ast.StructLit
		for _, s := range structs {
			for _, e := range s.Elts {
				if fd, ok := e.(*ast.Field); ok {
					if l, _, err := ast.LabelName(fd.Label); err == nil && l == next {
						if s, ok := fd.Value.(*ast.StructLit); ok {
							deeper = append(deeper, s)
						}
					}
				}
			}
		}
		structs = deeper
	}
	var names []string
	for _, s := range structs {
		for _, e := range s.Elts {
			if fd, ok := e.(*ast.Field); ok {
				if l, _, err := ast.LabelName(fd.Label); err == nil && l != name && !slices.Contains(names, l) {
					names = append(names, l)
				}
			}
		}
	}
	if m := model.Closest(name, names); len(m) > 0 {
		return m[0]
	}
	return ""
}

// selectorNames returns the names of a.b.c, or nil for another
// expression.
func selectorNames(x ast.Expr) []string {
	switch x := x.(type) {
	case *ast.Ident:
		return []string{x.Name}
	case *ast.SelectorExpr:
		if head := selectorNames(x.X); head != nil {
			if l, _, err := ast.LabelName(x.Sel); err == nil {
				return append(head, l)
			}
		}
	}
	return nil
}

// dirFiles returns the .cue files of dir that parse.
func dirFiles(dir string) []*ast.File {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var files []*ast.File
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".cue") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if f, err := parser.ParseFile(filepath.Join(dir, e.Name()), nil); err == nil {
			files = append(files, f)
		}
	}
	return files
}

// nearLabel returns the name declared in the files of the directory of
// pos (a definition, a hidden field or a let) that is most like name, a
// reference CUE did not find that starts as it does (# or _), or "".
func nearLabel(pos token.Pos, name string) string {
	if !pos.IsValid() || pos.Filename() == "" || pos.Filename() == schemaFile {
		return ""
	}
	seen := map[string]bool{}
	var names []string
	add := func(n string) {
		// A definition for a definition, a hidden field for a hidden
		// field: #Code is none of the codes.
		if n != "" && n != "_" && n != name && !seen[n] && n[0] == name[0] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, f := range dirFiles(filepath.Dir(pos.Filename())) {
		ast.Walk(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Field:
				if l, _, err := ast.LabelName(n.Label); err == nil {
					add(l)
				}
			case *ast.LetClause:
				add(n.Ident.Name)
			case *ast.ImportSpec:
				if n.Name != nil {
					add(n.Name.Name)
				}
			}
			return true
		}, nil)
	}
	if m := model.Closest(name, names); len(m) > 0 {
		return m[0]
	}
	return ""
}

// notFoundRef returns the name of a reference CUE did not find, from its
// message.
func notFoundRef(msg string) (string, bool) {
	name, ok := strings.CutPrefix(msg, `reference "`)
	if !ok {
		return "", false
	}
	return strings.CutSuffix(name, `" not found`)
}

// refFix says how to write name, a reference CUE did not find at p, from
// what the schema wants there, when the text in quotes would not do: a
// field written as its name alone, {type: "string", optional}, which CUE
// reads as a reference; a definition of errspec's schema, which is not
// in the catalog's scope; a boolean written yes or no; None or nil for a
// value left out; a name where a number goes. It returns "" otherwise.
func refFix(def cue.Value, p []string, name string) string {
	if strings.HasPrefix(name, "#") {
		return "declare " + name + " in the catalog, or take the reference out: errspec checks the catalog against its own schema, whose definitions are not in the catalog's scope"
	}
	here := schemaAt(def, selectors(p))
	if field := schemaAt(def, selectors(append(p[:len(p):len(p)], name))); here.IncompleteKind() == cue.StructKind && field.Exists() {
		value := "VALUE"
		switch field.IncompleteKind() {
		case cue.BoolKind:
			value = "true"
		case cue.StringKind:
			value = `"..."`
		}
		return "write " + name + ": " + value + ": a field takes a value, and a name alone refers to a field"
	}
	switch strings.ToLower(name) {
	case "none", "nil", "null", "undefined":
		return "leave the field out if it is optional, or give a value: CUE has no " + name
	}
	switch k := here.IncompleteKind(); {
	case k == cue.BoolKind:
		value := "false"
		switch strings.ToLower(name) {
		case "yes", "y", "on", "true", "t":
			value = "true"
		}
		return "write " + value + ": CUE's booleans are true and false"
	case k != cue.BottomKind && k&cue.StringKind == 0:
		if f, ok := valueFixes[fieldKey(p)]; ok {
			return f
		}
		return kindFixes[k.String()]
	}
	return ""
}

// valueFixes say how to fix a value that breaks a constraint of the
// schema, by its field (see fieldKey).
var valueFixes = map[string]string{
	"name":                "use lower snake_case, such as agent_tools",
	"base_url":            "give an http or https URL without a #fragment, such as https://docs.example.com/errors" + encodeURL,
	"upgrade_url":         "give an http or https URL, such as https://example.com/pricing" + encodeURL,
	"docs_url":            "give an http or https URL, such as https://docs.example.com/feature" + encodeURL,
	"package":             "give a Go package name: lower-case letters and digits, such as agenttools",
	"markdown.file":       "give a path ending in .md, such as ERRORS.md",
	"jsonschema.file":     "give a path ending in .json, such as errors.schema.json",
	"catalog.file":        "give a path ending in .json, such as catalog.json",
	"llms.file":           "give a path ending in .txt or .md, such as llms.txt",
	"index":               "give a file name ending in .md, such as index.md or README.md",
	"type":                model.TypesFix,
	"http_status":         "give an HTTP error status between 400 and 599",
	"example.http_status": "give an HTTP error status between 400 and 599, as WithHTTPStatus sets",
	"retry":               "use never, after_fix, after_delay or safe",
	"retry_after":         "give the seconds to wait before a retry, from 0 to 2147483647 (about 68 years)",
	"retries":             "give how many times to send the same call again, from 1 to 2147483647, or leave retries out",
	"max_length":          "give a length from 1 to 2147483647, or leave max_length out",
	"tiers[]":             `name the tier with words of ASCII letters, digits, _ and -, parted by single spaces, such as "Premium" or "Premium Plus"`,
	"tools[]":             `write a tool of the tools table, or tool:action, such as "merge_request:create"`,
	"ignore[]":            `write the path of the value to exempt as errspec's findings write it, such as "codes.NOT_FOUND", "codes.NOT_FOUND.params.id" or "tiers[2]"`,
	"layout":              "use single (one page, file) or per_code (a page per code, dir)",
	"url_suffix":          `use "", "/", ".html" or ".md"`,
	"import_path":         "give the package's Go import path, such as example.com/app/apperr",
	"domain":              "give the host name of the service that defines the codes, in lower case, such as tools.example.com",
	"tiers":               `write the tiers as a list, lowest first, such as ["Free", "Premium"]`,
	"required":            `write the required arguments as a list, such as ["project_id"]`,
	"version":             `give a semantic version, such as "1.4.0" or "v1.4.0"`,
	"examples":            "write the examples as a list, such as [{params: {...}, json: {...}}]",
	"deprecated":          `write deprecated as an object, such as {since: "v2", use: "NEW_CODE"}`,
}

// packageName returns the Go package name that src, which is not one,
// reads as (my-errs and MyErrs are myerrs), or "" when it has no ASCII
// letter, has a letter beyond ASCII (café is not caf: which name is
// meant is the user's to say, as entryName has it) or reads as a Go
// keyword.
func packageName(src string) string {
	if strings.IndexFunc(src, func(r rune) bool { return r >= utf8.RuneSelf && unicode.IsLetter(r) }) >= 0 {
		return ""
	}
	var b strings.Builder
	for _, r := range strings.ToLower(src) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if name := b.String(); name != "" && !gotoken.IsKeyword(name) {
		return name
	}
	return ""
}

// requiredFixes say what to add for a required field that is missing, by
// its name.
var requiredFixes = map[string]string{
	"name":        `add name: "my_service", the catalog's name in lower snake_case`,
	"outputs":     `add outputs, such as outputs: go: {dir: ".", package: "apperr"}`,
	"categories":  `add categories, such as categories: internal: description: "The server failed."`,
	"codes":       `add codes, such as codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}`,
	"description": `add description: a sentence that says what it is`,
	"category":    `add category: the name of one of the catalog's categories`,
	"title":       `add title: one line that names the error`,
	"message":     `add message: the template of the error's message, such as "{id} not found"`,
	"type":        "add type: " + strings.TrimPrefix(model.TypesFix, "use "),
	"tier":        `add tier: the lowest of the catalog's tiers that has it`,
	"tools":       `add tools: the tools and tool:actions it gates, such as ["reports", "issues:export"]`,
	"json":        `add json: the exact wire JSON the example's error marshals to`,
	"action":      `add action: what the caller can do instead`,
	"dir":         `add dir: a directory relative to the catalog`,
	"package":     `add package: the Go package name`,
	"domain":      `add domain: the host name of the service that defines the codes, which each status's ErrorInfo carries, such as domain: "tools.example.com"`,
	"file":        `add file: a path relative to the catalog`,
}

// featureNameFix says what to add for a feature without a name (the
// name of requiredFixes is the catalog's).
const featureNameFix = `add name: the feature's name as the reference and the tier error show it, such as "Protected Branches API"`

// nameFixes say how to name an entry of a map of the catalog, by the map.
var nameFixes = map[string]string{
	"categories": "start category names with an ASCII letter and use ASCII letters, digits and _, such as not_found or NOT_FOUND",
	"codes":      "start code names with an ASCII letter and use ASCII letters, digits and _, such as NOT_FOUND",
	"params":     "name params in lower snake_case, such as missing_fields",
	"fields":     "name fields in lower snake_case, such as missing_fields",
	"ignore":     "name a rule: errspec help lint and errspec help breaking list them",
	"envelopes":  "name envelopes in lower snake_case, such as flat",
	"features":   "name features in lower snake_case, such as bulk_export",
	"tools":      "start tool names with an ASCII letter and use ASCII letters, digits, _, . and -, such as create_issue",
	"actions":    "start action names with an ASCII letter and use ASCII letters, digits, _, . and -, such as write",
}

// entryName returns the name that label, the name of an entry of the
// map parent that its pattern refuses, reads as: its words joined with
// _ (TOO-MANY-CALLS is TOO_MANY_CALLS, "not found" not_found), in lower
// snake_case where the map wants it (retryAfter is retry_after); "" when
// it has no word that starts with a letter or has a letter beyond ASCII,
// or for a map whose names
// are not the catalog's own (ignore's rules).
func entryName(parent, label string) string {
	if u, err := strconv.Unquote(label); err == nil {
		label = u
	}
	lower := strings.Contains(nameFixes[parent], "lower snake_case")
	keep := func(r rune) bool { return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	if parent == "tools" || parent == "actions" {
		keep = func(r rune) bool {
			return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '-')
		}
	} else if !lower && parent != "codes" && parent != "categories" {
		return ""
	}
	if strings.IndexFunc(label, func(r rune) bool { return r >= utf8.RuneSelf && unicode.IsLetter(r) }) >= 0 {
		return "" // ÉCHEC: which ASCII name is meant is the user's to say
	}
	visible := strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1 // a zero-width space, which shows nothing: A\u200bB is AB
		}
		return r
	}, label)
	var words []string
	for _, chunk := range strings.FieldsFunc(visible, func(r rune) bool { return !keep(r) }) {
		if lower {
			// camelCase and HTTPStatus, as errspec makes Go names of words
			words = append(words, model.Words(chunk)...)
			continue
		}
		words = append(words, chunk)
	}
	for len(words) > 0 && !unicode.IsLetter(rune(words[0][0])) {
		words = words[1:]
	}
	name := strings.Join(words, "_")
	if lower {
		name = strings.ToLower(name)
	}
	if name == "" || name == label {
		return ""
	}
	return name
}

func fixFor(v cue.Value, p []string, msg string) string {
	last, parent := "", ""
	if n := len(p); n > 0 {
		last = p[n-1]
		if n > 1 {
			parent = p[n-2]
		}
	}
	switch {
	case strings.Contains(msg, "field not allowed"):
		if fix, ok := nameFixes[parent]; ok {
			if name := entryName(parent, last); name != "" {
				return "name it " + name + ": " + fix
			}
			return fix
		}
		return allowedFields(v, p[:len(p)-1], last, nil)
	case strings.Contains(msg, "field is required but not present"):
		if last == "name" && len(p) > 1 {
			return featureNameFix
		}
		if last == "package" && len(p) == 3 && p[0] == "outputs" {
			// The package named after its directory, as go's packages are.
			dir, _ := v.LookupPath(cue.MakePath(cue.Str("outputs"), cue.Str(p[1]), cue.Str("dir"))).String()
			if base := path.Base(path.Clean(dir)); dir != "" && base != "." && base != ".." && base != "/" {
				if name := packageName(base); name != "" {
					return `add package: "` + name + `", the Go package name, here after its directory`
				}
			}
		}
		if fix, ok := requiredFixes[last]; ok {
			return fix
		}
		return "add " + last
	case strings.Contains(msg, "conflicting values"), strings.Contains(msg, "mismatched types"):
		return "give a value of the type the schema expects here"
	case strings.Contains(msg, `out of bound !=""`) && last == "dir" && len(p) == 3 && p[0] == "outputs":
		return `write dir: "." for the catalog's own directory, or a directory relative to it`
	case strings.Contains(msg, `out of bound !=""`):
		return "give a non-empty text, or leave the field out if it is optional"
	case strings.Contains(msg, "invalid value"), strings.Contains(msg, "out of bound"):
		if fix, ok := valueFixes[fieldKey(p)]; ok {
			return fix
		}
		return "change the value so that it satisfies the constraint"
	case strings.HasPrefix(msg, "incomplete value") && strings.Contains(msg, " | "),
		strings.Contains(msg, "unresolved disjunction"):
		// A disjunction with no default, or with more than one, leaves
		// more than one value, as cue export finds too.
		return "choose one of the values, or mark one of them, and only one, as the default with *, as in *\"a\" | \"b\""
	case strings.Contains(msg, "incomplete value"):
		return "give a concrete value"
	case strings.Contains(msg, "cycle with field"):
		return cycleFix
	case strings.HasPrefix(msg, "reference ") && strings.HasSuffix(msg, " not found"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "reference "), " not found")
		return "write the text in double quotes, " + name + ": a name without quotes refers to a field"
	case strings.HasPrefix(msg, "import failed") && strings.HasSuffix(msg, ": permission denied"):
		// The package is found, but a directory or file of it may not
		// be read: CUE names it after its last "open".
		if i := strings.LastIndex(msg, "open "); i >= 0 {
			p := strings.TrimSuffix(msg[i+len("open "):], ": permission denied")
			return "make " + relative(p) + " readable for you (chmod u+r, and u+x for a directory)"
		}
		return "make the imported package's directory and files readable for you"
	case strings.HasPrefix(msg, "import failed"):
		return "errspec loads a catalog as the cue tool loads its package: import only the standard library, or packages of the CUE module (cue.mod) the catalog is in"
	case msg == "string literal not terminated":
		return `close the string with the quote that opened it, on the same line; write text of several lines between """ lines`
	case strings.HasPrefix(msg, "missing ',' in list"):
		return "separate the elements of a list with commas"
	case strings.HasPrefix(msg, "missing ','"):
		return "separate the fields of one line with commas, or put each field on a line of its own"
	case strings.HasPrefix(msg, "expected label or ':'"):
		return "write each field as name: value, with a colon: here, or in the field just before"
	case strings.HasPrefix(msg, "expected "):
		return "correct the syntax here: write each field as name: value, and close every {, [ and ( you open"
	}
	for _, f := range evalFixes {
		if strings.Contains(msg, f.part) {
			return f.fix
		}
	}
	return "correct the CUE at this position"
}

// fromSource gives the problems of ds whose cause only the catalog's
// text shows a position or a fix that says it: a multi-line string's
// line that is not indented (multilineProblem); one of CUE's types
// written where a value goes (typeAsValue); the syntax of another
// language (foreignSyntax), or a package clause whose name is a keyword
// of CUE or no identifier (packageProblem), whose file's further syntax
// problems it drops; a reference CUE did not find that is an interpolation, \(name),
// where a template names a param {name}, or a boolean written True or
// FALSE.
func fromSource(ds Diagnostics, src *source) Diagnostics {
	foreign := map[string]bool{} // the files with syntax of another language
	ds = sortDiagnostics(ds)
	for i := range ds {
		d := &ds[i]
		switch {
		case d.Msg == multilineMsg:
			multilineProblem(d, src)
			continue
		case strings.HasPrefix(d.Msg, "incomplete value"):
			typeAsValue(d, src, "")
			continue
		case strings.HasPrefix(d.Msg, "want "):
			want, _, _ := strings.Cut(strings.TrimPrefix(d.Msg, "want "), ", got ")
			for _, k := range []string{"string", "int", "number", "bool", "struct", "list"} {
				if kindName(k) == want {
					typeAsValue(d, src, k)
					break
				}
			}
			continue
		case foreign[d.File] && (isSyntax(d.Msg) || badPackageName(d, src) != ""):
			d.Msg = "" // what CUE's parser made of the rest of the file
			continue
		case packageProblem(d, src):
			foreign[d.File] = true
			continue
		case isSyntax(d.Msg):
			if foreign[d.File] {
				d.Msg = "" // what CUE's parser made of the rest of the file
			} else {
				foreign[d.File] = foreignSyntax(d, src)
			}
			continue
		}
		name, ok := strings.CutPrefix(d.Msg, `reference "`)
		if !ok {
			continue
		}
		if name, ok = strings.CutSuffix(name, `" not found`); !ok {
			continue
		}
		line := ""
		if lines := fileLines(d, src); lines != nil {
			line = lines[d.Line-1]
		}
		switch {
		case d.Col > 2 && d.Col <= len(line)+1 && strings.HasSuffix(line[:d.Col-1], `\(`):
			d.Fix = `\(` + name + `) in a string is CUE's interpolation of a field ` + name + `; a template names a param in braces: {` + name + `}`
		case strings.EqualFold(name, "true") || strings.EqualFold(name, "false"):
			d.Fix = "write " + strings.ToLower(name) + ": CUE's booleans are true and false, in lower case"
		}
	}
	ds = slices.DeleteFunc(ds, func(d Diagnostic) bool { return d.Msg == "" })
	return sortDiagnostics(ds) // a problem may have moved to another line
}

// isSyntax reports whether msg is CUE's parser's.
func isSyntax(msg string) bool {
	return strings.HasPrefix(msg, "expected ") || strings.HasPrefix(msg, "missing ','")
}

// cueType matches a field, from its label or its value, whose value is
// one of CUE's types: type: string, retryable: bool.
var cueType = regexp.MustCompile(`^(?:([A-Za-z_$#][\w$]*|"[^"\\]*")[?!]?\s*:\s*)?(string|int|bool|float|number|bytes)\s*(?:[,})\]]|//|$)`)

// labelBefore matches the label of a field at the end of the text before
// its value.
var labelBefore = regexp.MustCompile(`([A-Za-z_$#][\w$]*|"[^"\\]*")[?!]?\s*:\s*$`)

// typeAsValue words d, a value CUE found incomplete or of a kind other
// than the schema's, want, when the catalog's text at d shows one of
// CUE's types written as the value of the field at fault, most often a
// param's type without its quotes: type: string. It reports whether it
// did.
func typeAsValue(d *Diagnostic, src *source, want string) bool {
	lines := fileLines(d, src)
	if lines == nil || d.Col < 1 || d.Col > len(lines[d.Line-1]) {
		return false
	}
	line := lines[d.Line-1]
	m := cueType.FindStringSubmatch(line[d.Col-1:])
	if m == nil {
		return false
	}
	label := m[1]
	if label == "" {
		if b := labelBefore.FindStringSubmatch(line[:d.Col-1]); b != nil {
			label = b[1]
		}
	}
	if u, err := strconv.Unquote(label); err == nil {
		label = u
	}
	p := strings.Split(d.Path, ".")
	if label == "" || label != p[len(p)-1] {
		return false // the type is written elsewhere, such as in a definition
	}
	d.Msg, d.Fix = cueTypeProblem(p, m[2], cmp.Or(want, m[2]))
	return true
}

// packageProblem words d, a problem CUE found in a package clause, when
// the package's name is a keyword of CUE (a directory for/ or if/) or no
// identifier (my-errors, 2fa, as a directory may be named), which CUE
// reports as what its parser expected there (',' after my, an exponent
// of 2f): a package name is an identifier, letters, digits and _, not
// starting with a digit. It reports whether it did.
func packageProblem(d *Diagnostic, src *source) bool {
	name := badPackageName(d, src)
	if name == "" {
		return false
	}
	lines := fileLines(d, src)
	d.Col = strings.Index(lines[d.Line-1], name) + 1
	suggest := name + "errors"
	if cueKeywords[name] {
		d.Msg = name + " is a keyword of CUE, which cannot name a package"
	} else {
		d.Msg = name + " cannot name a package: a package name is an identifier of CUE, letters, digits and _, not starting with a digit"
		suggest = strings.Map(func(r rune) rune {
			if r == '_' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				return r
			}
			return -1
		}, name)
		if suggest == "" || suggest[0] >= '0' && suggest[0] <= '9' {
			suggest = "errors" + suggest
		}
	}
	d.Fix = "name the package otherwise, such as package " + suggest + ": a catalog's package need not have its directory's name"
	return true
}

// badPackageName returns the name of the package clause on d's line when
// that name is a keyword of CUE or no identifier, else "".
func badPackageName(d *Diagnostic, src *source) string {
	lines := fileLines(d, src)
	if lines == nil {
		return ""
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(lines[d.Line-1]), "package")
	if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' {
		return ""
	}
	name, _, _ := strings.Cut(rest, "//")
	name = strings.TrimSpace(name)
	if i := strings.IndexAny(name, " \t,;"); i >= 0 {
		name = name[:i] // what follows is another declaration
	}
	if name == "" || cueIdent.MatchString(name) && !cueKeywords[name] {
		return ""
	}
	// A problem of the name, not of what follows it on the line.
	if end := strings.Index(lines[d.Line-1], name) + len(name); d.Col-1 > end {
		return ""
	}
	return name
}

// cueIdent matches an identifier of CUE that may name a package.
var cueIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// cueKeywords are the keywords of CUE, which no identifier may be.
var cueKeywords = map[string]bool{"package": true, "import": true, "for": true, "in": true, "if": true, "let": true, "true": true, "false": true, "null": true, "func": true}

// foreignSyntax words d, a syntax error, when the catalog's text shows
// the syntax of another language that caused it: a comment started with
// # (as in YAML, TOML or Python), where CUE's start with //; a field
// ended with ; (as in C or Java); fields in brackets, where an object
// takes braces; a field written name = value, where CUE writes name:
// value (CUE reads name = "text" as an alias of a field "text" and stops
// at what follows). d is moved to what caused it. foreignSyntax reports
// whether it found such a cause: CUE's parser's further problems in the
// file come of it.
func foreignSyntax(d *Diagnostic, src *source) bool {
	lines := fileLines(d, src)
	if lines == nil || d.Col < 1 || d.Col > len(lines[d.Line-1])+1 {
		return false
	}
	if i := hashComment(lines[d.Line-1]); i >= 0 && i < d.Col {
		d.Col = i + 1
		d.Msg = "# does not start a comment in CUE"
		d.Fix = "start the comment with //"
		return true
	}
	switch at := lines[d.Line-1][d.Col-1:]; {
	case strings.HasPrefix(at, ";"):
		d.Msg = "; does not end a field in CUE"
		d.Fix = "remove the ;, or write a comma: a field ends at a comma or at the end of its line"
		return true
	case strings.HasPrefix(at, ":") && strings.HasPrefix(d.Msg, "missing ',' in list literal"):
		d.Msg = "a field, name: value, in a list: a list holds values, and an object holds fields"
		d.Fix = "write the fields in braces, {name: value}, in place of the brackets"
		return true
	}
	abs, err := filepath.Abs(filepath.FromSlash(d.File))
	if err != nil {
		return false
	}
	// The last tokens before d: name = value, and the comma CUE puts at
	// the end of a line.
	type tok struct {
		pos token.Pos
		tok token.Token
		lit string
	}
	var last [4]tok
	eachTokenOf(abs, src.data[abs], func(p token.Pos, t token.Token, lit string) bool {
		if p.Line() > d.Line || p.Line() == d.Line && p.Column() >= d.Col {
			return false
		}
		copy(last[:], last[1:])
		last[3] = tok{p, t, lit}
		return true
	})
	seq := last[:]
	if seq[3].tok == token.COMMA && seq[3].lit == "\n" {
		seq = seq[:3]
	}
	n := len(seq)
	if seq[n-3].tok != token.IDENT || seq[n-2].tok != token.BIND || !seq[n-1].tok.IsLiteral() {
		return false
	}
	name, eq, value := seq[n-3], seq[n-2], seq[n-1]
	d.Line, d.Col = eq.pos.Line(), eq.pos.Column()
	d.Msg = "= does not set a field in CUE: " + name.lit + " = " + value.lit + " names an alias"
	d.Fix = "write " + name.lit + ": " + value.lit + ", with a colon"
	return true
}

// hashComment returns the offset in line of a # that starts a comment as
// other languages write one (# followed by a space, a tab, another # or
// the end of the line, outside a string), or -1. CUE's definitions, #Name,
// have a letter after the #.
func hashComment(line string) int {
	quotes := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '"':
			quotes++
		case '#':
			if quotes%2 == 0 && (i+1 == len(line) || strings.IndexByte(" \t#\r", line[i+1]) >= 0) {
				return i
			}
		}
	}
	return -1
}

// fileLines returns the lines of the catalog file d is in, nil when the
// file read has no line d.Line.
func fileLines(d *Diagnostic, src *source) []string {
	abs, err := filepath.Abs(filepath.FromSlash(d.File))
	if err != nil || d.Line < 1 {
		return nil
	}
	lines := strings.Split(string(src.data[abs]), "\n")
	if d.Line > len(lines) {
		return nil
	}
	return lines
}

// multilineMsg is CUE's message for a multi-line string with a line
// that is not indented as its closing quotes are, which CUE reports at
// the opening quotes.
const multilineMsg = "non-matching whitespace for multiline strings"

// multilineProblem puts d, a problem of multilineMsg, at the line of the
// string that is not indented as the closing quotes are, and says why.
// In a file saved with Windows line endings (CRLF), that is an empty
// line of the string: CUE takes its carriage return for text that is not
// indented. d is left as it is when the file does not show the line.
func multilineProblem(d *Diagnostic, src *source) {
	lines := fileLines(d, src)
	if lines == nil || d.Col < 1 || d.Col > len(lines[d.Line-1]) {
		return
	}
	open := lines[d.Line-1][d.Col-1:]
	quotes := strings.TrimLeft(open, "#")
	hashes := open[:len(open)-len(quotes)]
	if len(quotes) < 3 || (quotes[:3] != `"""` && quotes[:3] != "'''") {
		return
	}
	closing := quotes[:3] + hashes
	end := -1
	for i := d.Line; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimLeft(lines[i], " \t"), closing) {
			end = i
			break
		}
	}
	if end < 0 {
		return
	}
	indent := lines[end][:len(lines[end])-len(strings.TrimLeft(lines[end], " \t"))]
	for i := d.Line; i < end; i++ {
		line := lines[i]
		if line == "" || strings.HasPrefix(line, indent) {
			continue
		}
		d.Line, d.Col = i+1, 1
		if strings.TrimRight(line, "\r") == "" {
			d.Msg = fmt.Sprintf("the file has Windows line endings (CRLF): CUE takes this empty line of a multi-line string, a carriage return alone, for a line not indented as the closing %s on line %d is", closing, end+1)
			d.Fix = "save the file with LF line endings (with git on Windows, a line *.cue text eol=lf in .gitattributes checks catalogs out so), or indent the empty line as the closing " + closing + " is"
			return
		}
		d.Msg = fmt.Sprintf("this line of a multi-line string is not indented as the closing %s on line %d is", closing, end+1)
		d.Fix = "indent every line of the string with at least the tabs and spaces that come before the closing " + closing
		return
	}
}

// evalFixes say what to change about CUE that does not evaluate, by a part
// of CUE's message.
var evalFixes = []struct{ part, fix string }{
	{"cannot embed files when not in a module", "embed files only in a CUE module (run cue mod init in the catalog's directory or above it), or write the value into the catalog"},
	{"@embed: cannot refer to parent directory", "embed only files of the catalog's directory or below it"},
	{"redeclared in same scope", "give each let and alias of a scope a name of its own"},
	{"structural cycle", "make the value end: a field or definition cannot hold itself, not even through a reference, since its value would have no end; spell out each level an object's fields have"},
	{"cannot reference optional field: ", "set the field this refers to: the schema declares it, but it has no value until the catalog gives it one"},
	{"not allowed as field set was already referenced", "generate the fields from another value than the struct they go in, such as a hidden field (_codes) that a for loops over: a comprehension cannot add fields to a struct it reads"},
	{"unknown escape sequence", `write a backslash as \\: in a CUE string, \ starts an escape (\n, \t, \", \\, \uXXXX); or write the string raw, between #" and "#, where \ is itself: #"C:\temp"#`},
	{"hexadecimal escape not allowed in string literal", `write the character itself, or its code point as \uXXXX: \x escapes are for bytes ('...'), not text; write a backslash itself as \\, or the string raw, between #" and "#: #"C:\xyz"#`},
	{"in escape sequence", `write a backslash as \\: in a CUE string, \ starts an escape (\n, \t, \", \\, \uXXXX); or write the string raw, between #" and "#, where \ is itself: #"C:\temp"#`},
	{"division by zero", "change the expression so that it does not divide by zero"},
	{"index out of range", "index the list within its length: the first element is [0]"},
	{"undefined field: ", "refer to a field the struct has, or declare it there"},
	{"imported and not used", "remove the import, or use the package"},
	{"unmatched surrogate pair", `write the character itself, or its code point: \uD83D\uDE00 in a pair, or \U0001F600; \uD800 to \uDFFF alone are halves of a UTF-16 pair and no character`},
	{"invalid interpolation: non-concrete value", `give a value to what \(...) inserts: it has a type, but no value`},
	{"invalid interpolation: cannot use", `insert a string, a number or a boolean: \(...) cannot insert a struct or a list; insert one of its fields, or join a list with strings.Join`},
	{"invalid operands", `give both sides of the operator values of one kind: + joins two strings or adds two numbers; insert a number into a text with \(n)`},
	{"incompatible list lengths", "write the list once: CUE unifies a list set in two places element by element, so both must be as long; or end the shorter one with ... to let the other add elements"},
	{"error in call to ", "give the function arguments of the kinds it takes, as the CUE standard library documents it"},
	{" in argument ", "give the function arguments of the kinds it takes, as the CUE language specification documents it"},
}

// notAllowed reports whether v, the value of field name, is itself a field
// the schema does not allow.
func notAllowed(v cue.Value, name string) bool {
	for _, e := range cueerrors.Errors(v.Err()) {
		format, args := e.Msg()
		if p := e.Path(); len(p) > 0 && p[len(p)-1] == name &&
			strings.Contains(fmt.Sprintf(format, args...), "field not allowed") {
			return true
		}
	}
	return false
}

// allowedFields says which fields the schema allows where field is not
// allowed, nearest first.
func allowedFields(v cue.Value, parent []string, field string, except map[string]bool) string {
	w := v.LookupPath(cue.MakePath(selectors(parent)...))
	var names []string
	if !w.Exists() {
		// No value to look in: a catalog that does not load.
		return "remove the field"
	}
	var below string // a field allowed here that declares field in its own struct, or in each of its entries
	if it, err := w.Fields(cue.Optional(true)); err == nil {
		for it.Next() {
			if it.Selector().LabelType() != cue.StringLabel {
				continue // an element of a list
			}
			// The misspelt fields themselves are in the unified value too.
			name := it.Selector().Unquoted()
			if !notAllowed(it.Value(), name) && !except[pathString(append(parent[:len(parent):len(parent)], it.Selector().String()))] {
				names = append(names, name)
				if below == "" {
					below = declaredBelow(it.Value(), name, field)
				}
			}
		}
	}
	if len(names) == 0 {
		return "remove the field"
	}
	if m := model.Closest(field, names); len(m) > 0 {
		return "did you mean " + m[0] + "? the fields allowed here are " + strings.Join(names, ", ")
	}
	if m := model.SameWords(field, names); len(m) == 1 {
		return "did you mean " + m[0] + "? the fields allowed here are " + strings.Join(names, ", ")
	}
	if below != "" {
		return "it is a field of " + below + ": move it there; the fields allowed here are " + strings.Join(names, ", ")
	}
	return "remove it; the fields allowed here are " + strings.Join(names, ", ")
}

// declares reports whether x is a struct that declares field itself, not
// through a pattern: a lookup of field would give the constraint of a
// pattern ([=~"^[a-z]"]: {...}) for any name it matches.
func declares(x cue.Value, field string) bool {
	if !x.Exists() || x.IncompleteKind()&cue.StructKind == 0 {
		return false
	}
	it, err := x.Fields(cue.Optional(true))
	if err != nil {
		return false
	}
	for it.Next() {
		if it.Selector().LabelType() == cue.StringLabel && it.Selector().Unquoted() == field {
			return true
		}
	}
	return false
}

// declaredBelow returns where field goes when w, the value of the field
// name, declares it: name itself (name: field), each entry of name
// (name: NAME: field), as an action's required goes in a tool's actions,
// or the one field of name that declares it (name: F: field); "" when
// none does, or more than one field of name.
func declaredBelow(w cue.Value, name, field string) string {
	if declares(w, field) {
		return name + " (" + name + ": " + field + ")"
	}
	// An entry of a name the struct does not declare takes the value of
	// its pattern ([=~"^[a-z]"]: {...}), when the name matches it.
	for _, entry := range []string{field, "name"} {
		if !declares(w, entry) && declares(w.LookupPath(cue.MakePath(cue.Str(entry).Optional())), field) {
			return "each entry of " + name + " (" + name + ": NAME: " + field + ")"
		}
	}
	// One level further down, when one field of w alone declares it
	// (a top-level domain, which outputs: grpc: domain holds).
	var found []string
	if it, err := w.Fields(cue.Optional(true)); err == nil && w.IncompleteKind() == cue.StructKind {
		for it.Next() {
			if it.Selector().LabelType() == cue.StringLabel && declares(it.Value(), field) {
				found = append(found, it.Selector().Unquoted())
			}
		}
	}
	if len(found) == 1 {
		return name + "." + found[0] + " (" + name + ": " + found[0] + ": " + field + ")"
	}
	return ""
}

func setPos(d *Diagnostic, p token.Pos) {
	if !p.IsValid() {
		return
	}
	d.File = relative(p.Filename())
	d.Line = p.Line()
	d.Col = p.Column()
}

func relative(file string) string {
	if !filepath.IsAbs(file) {
		return filepath.ToSlash(file)
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, file); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}

// inString returns the position of byte i of the string s, whose literal
// starts at pos: past the quotes, the escapes before it and, in a
// multi-line string, the indentation of its lines. Where s was not
// written as one literal there (an interpolation, a reference, text
// joined with +), it returns pos.
func inString(s cue.Value, pos token.Pos, i int, src *source) token.Pos {
	str, err := s.String()
	if err != nil || !pos.IsValid() || pos.File() == nil || i > len(str) {
		return pos
	}
	data, ok := src.data[pos.Filename()]
	if !ok {
		abs, err := filepath.Abs(pos.Filename())
		if data, ok = src.data[abs]; err != nil || !ok {
			return pos
		}
	}
	start := pos.Offset()
	if start < 0 || start >= len(data) {
		return pos
	}
	// The literal as written: the scanner's text of it has no carriage
	// returns, which the offsets count.
	var sc scanner.Scanner
	sc.Init(token.NewFile("", -1, len(data)-start), data[start:], nil, scanner.DontInsertCommas|scanner.ScanComments)
	if _, tok, _ := sc.Scan(); tok != token.STRING {
		return pos
	}
	next, _, _ := sc.Scan()
	lit := strings.TrimRight(string(data[start:start+next.Offset()]), " \t\r\n")
	q, n, _, err := literal.ParseQuotes(lit, lit)
	if err != nil || !q.IsDouble() {
		return pos
	}
	if whole, err := q.Unquote(lit[n:]); err != nil || whole != str {
		return pos
	}
	// The byte of the literal at which the text before i ends, and the
	// next character starts: the last end of a prefix that unquotes to
	// str[:i], which Unquote takes as a string cut by an interpolation.
	// No byte of a literal unquotes to more than a byte, so the search
	// starts at the i-th byte, and leaps ahead by what a prefix lacks:
	// a few unquotes for a long text, where one a byte took time by the
	// square of its length.
	cut := `\` + strings.Repeat("#", hashes(lit)) + "("
	at := -1
	for j := n + i; j < len(lit); j++ {
		got, err := q.Unquote(lit[n:j] + cut)
		switch {
		case err != nil: // inside an escape or an indentation
		case len(got) > i:
			j = len(lit)
		case len(got) < i:
			j += i - len(got) - 1
		case got != str[:i]:
			return pos
		default:
			at = j
		}
	}
	if at < 0 {
		return pos
	}
	return pos.File().Pos(start+at, token.NoRelPos)
}

// hashes is the number of # that open a raw string literal (#"...\#n"#).
func hashes(lit string) int { return len(lit) - len(strings.TrimLeft(lit, "#")) }

// label writes a field name of a model path as CUE does in a path: in
// quotes when it is empty or holds anything but letters, digits, _, $, -
// and . (a list index, [i], as it is).
func label(l string) string {
	if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
		return l
	}
	if l == "" || strings.IndexFunc(l, func(r rune) bool {
		return !(r == '_' || r == '$' || r == '-' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r))
	}) >= 0 {
		return strconv.Quote(l)
	}
	return l
}

// position finds the position of the value at p, walking up to the nearest
// value that has one.
func position(v cue.Value, p []string) token.Pos {
	for n := len(p); n >= 0; n-- {
		w := lookup(v, selectors(p[:n]))
		if !w.Exists() {
			w = lookup(v, ownSelectors(p[:n]))
		}
		if !w.Exists() {
			continue
		}
		if pos := userValuePos(w); pos.IsValid() {
			return pos
		}
	}
	return token.NoPos
}

// lookup returns the value at sels in v, as cue export has it: through
// each struct written as a disjunction with a default (*{...} | {...}),
// its default, in which LookupPath of the disjunction finds nothing.
func lookup(v cue.Value, sels []cue.Selector) cue.Value {
	for _, s := range sels {
		v, _ = v.Default()
		v = v.LookupPath(cue.MakePath(s))
	}
	return v
}

// selectors are the selectors of a catalog path (see selector).
func selectors(p []string) []cue.Selector {
	sels := make([]cue.Selector, len(p))
	for i, s := range p {
		sels[i] = selector(s)
	}
	return sels
}

// ownSelectors are the selectors of a path of CUE's errors that may pass
// through the catalog's own definitions and hidden fields (#T.fields,
// _base.codes), which selectors takes for regular fields.
func ownSelectors(p []string) []cue.Selector {
	sels := selectors(p)
	for i, s := range p {
		switch {
		case !ast.IsValidIdent(s):
		case strings.HasPrefix(s, "#"):
			sels[i] = cue.Def(s)
		case strings.HasPrefix(s, "_") && s != "_":
			sels[i] = cue.Hid(s, catalogImport)
		}
	}
	return sels
}

// selector turns a model path element into a CUE selector: "[3]" is a
// list index, anything else a field name, which CUE's errors quote when
// it is not an identifier ("A\u200bB").
func selector(s string) cue.Selector {
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if i, err := strconv.Atoi(s[1 : len(s)-1]); err == nil {
			return cue.Index(i)
		}
	}
	if u, err := strconv.Unquote(s); err == nil && strings.HasPrefix(s, `"`) {
		s = u
	}
	return cue.Str(s)
}

// userValuePos returns where the user wrote a value, skipping the schema's
// contribution to it and the position of no file that CUE gives a value
// an @embed attribute reads: it looks through the value's conjuncts, a
// few levels deep, and finds the field that embeds it.
func userValuePos(v cue.Value) token.Pos {
	var find func(v cue.Value, depth int) token.Pos
	find = func(v cue.Value, depth int) token.Pos {
		if pos := v.Pos(); pos.IsValid() && pos.Filename() != "" && pos.Filename() != schemaFile {
			return pos
		}
		if depth == 0 {
			return token.NoPos
		}
		op, vs := v.Expr()
		if op == cue.NoOp {
			return token.NoPos
		}
		for _, w := range vs {
			if pos := find(w, depth-1); pos.IsValid() {
				return pos
			}
		}
		return token.NoPos
	}
	return find(v, 4)
}

func sortDiagnostics(ds Diagnostics) Diagnostics {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	seen := map[Diagnostic]bool{}
	return slices.DeleteFunc(ds, func(d Diagnostic) bool {
		dup := seen[d]
		seen[d] = true
		return dup
	})
}
