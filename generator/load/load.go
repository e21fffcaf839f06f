// Package load reads a catalog directory with CUE, unifies it with the
// embedded schema, validates it, and builds the model. Every problem is
// reported at once, each with the file:line:col of the value at fault.
package load

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/token"

	"github.com/errspec/errspec/generator/model"
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
}

// Position returns "file:line:col", or "" when the problem has no position.
func (d Diagnostic) Position() string {
	if d.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Col)
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

// Catalog is a loaded catalog.
type Catalog struct {
	Dir   string // the catalog directory, as given
	Model *model.Catalog
	value cue.Value
}

// Locate gives problems found in the model after loading the positions of
// the values at fault.
func (c *Catalog) Locate(errs model.Errors) Diagnostics { return fromModel(c.value, errs) }

// Dir loads the catalog in dir. The error, when not nil, is Diagnostics.
func Dir(dir string) (*Catalog, error) {
	files, err := cueFiles(dir)
	if err != nil {
		return nil, Diagnostics{{Msg: err.Error()}}
	}
	if len(files) == 0 {
		return nil, Diagnostics{{Msg: fmt.Sprintf("no .cue files in %s", dir), Fix: "point errspec at the directory that holds the catalog"}}
	}
	ctx := cuecontext.New()
	schema := ctx.CompileBytes(spec.Schema, cue.Filename(schemaFile))
	if err := schema.Err(); err != nil {
		return nil, fmt.Errorf("embedded schema: %w", err)
	}
	insts := load.Instances(files, &load.Config{Dir: dir})
	inst := insts[0]
	if inst.Err != nil {
		return nil, fromCUE(cue.Value{}, inst.Err)
	}
	v := ctx.BuildInstance(inst)
	if err := v.Err(); err != nil {
		return nil, fromCUE(v, err)
	}
	v = schema.LookupPath(cue.ParsePath("#Catalog")).Unify(v)
	if err := v.Validate(cue.Concrete(true)); err != nil {
		return nil, fromCUE(v, err)
	}
	data, err := v.MarshalJSON()
	if err != nil {
		return nil, fromCUE(v, err)
	}
	var in model.Input
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("decoding the exported catalog: %w", err)
	}
	m, err := model.Build(&in)
	if err != nil {
		return nil, fromModel(v, err.(model.Errors))
	}
	return &Catalog{Dir: dir, Model: m, value: v}, nil
}

// cueFiles lists the .cue files of dir, sorted, so that the order files
// are given in never changes the result.
func cueFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".cue") {
			files = append(files, "./"+e.Name())
		}
	}
	slices.Sort(files)
	return files, nil
}

func fromCUE(v cue.Value, err error) Diagnostics {
	var out Diagnostics
	for _, e := range cueerrors.Errors(err) {
		format, args := e.Msg()
		d := Diagnostic{Msg: fmt.Sprintf(format, args...)}
		p := e.Path()
		if len(p) > 0 && p[0] == "#Catalog" {
			p = p[1:]
		}
		d.Path = strings.Join(p, ".")
		pos := userPos(e)
		if !pos.IsValid() && v.Exists() {
			// CUE gives no position for, among others, a required field
			// that is missing: report the nearest value that has one.
			pos = position(v, p)
		}
		setPos(&d, pos)
		d.Fix = fixFor(v, p, d.Msg)
		out = append(out, d)
	}
	return sortDiagnostics(out)
}

// userPos picks the position of an error in the user's files over one in
// the embedded schema.
func userPos(e cueerrors.Error) token.Pos {
	cands := append([]token.Pos{e.Position()}, e.InputPositions()...)
	for _, p := range cands {
		if p.IsValid() && p.Filename() != schemaFile {
			return p
		}
	}
	return e.Position()
}

// valueFixes say how to fix a value that breaks a constraint of the
// schema, by the name of the field that holds it.
var valueFixes = map[string]string{
	"name":        "use lower snake_case, such as agent_tools",
	"base_url":    "give an http or https URL without a #fragment, such as https://docs.example.com/errors",
	"package":     "give a Go package name: lower-case letters and digits, such as agenttools",
	"file":        "give a path ending in .md for markdown, .json for jsonschema",
	"type":        "use string, int, bool, float, object, []T or map[string]T",
	"http_status": "give an HTTP error status between 400 and 599",
}

// nameFixes say how to name an entry of a map of the catalog, by the map.
var nameFixes = map[string]string{
	"categories": "name categories in lower snake_case, such as not_found",
	"codes":      "start code names with a letter and use letters, digits and _, such as NOT_FOUND",
	"params":     "name params in lower snake_case, such as missing_fields",
	"fields":     "name fields in lower snake_case, such as missing_fields",
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
			return fix
		}
		return allowedFields(v, p[:len(p)-1], last)
	case strings.Contains(msg, "field is required but not present"):
		return "add " + last
	case strings.Contains(msg, "conflicting values"), strings.Contains(msg, "mismatched types"):
		return "give a value of the type the schema expects here"
	case strings.Contains(msg, `out of bound !=""`):
		return "give a non-empty text"
	case strings.Contains(msg, "invalid value"), strings.Contains(msg, "out of bound"):
		if fix, ok := valueFixes[last]; ok {
			return fix
		}
		return "change the value so that it satisfies the constraint"
	case strings.Contains(msg, "incomplete value"):
		return "give a concrete value"
	}
	return "correct the CUE at this position"
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
func allowedFields(v cue.Value, parent []string, field string) string {
	var sels []cue.Selector
	for _, s := range parent {
		sels = append(sels, cue.Str(s))
	}
	w := v.LookupPath(cue.MakePath(sels...))
	var names []string
	if it, err := w.Fields(cue.Optional(true)); err == nil {
		for it.Next() {
			// The misspelt fields themselves are in the unified value too.
			if name := it.Selector().Unquoted(); !notAllowed(it.Value(), name) {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		return "remove the field"
	}
	if m := model.Closest(field, names); len(m) > 0 {
		return "did you mean " + m[0] + "? the fields allowed here are " + strings.Join(names, ", ")
	}
	return "remove it; the fields allowed here are " + strings.Join(names, ", ")
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

func fromModel(v cue.Value, errs model.Errors) Diagnostics {
	out := make(Diagnostics, 0, len(errs))
	for _, e := range errs {
		d := Diagnostic{Msg: e.Msg, Fix: e.Fix, Path: strings.ReplaceAll(strings.Join(e.Path, "."), ".[", "[")}
		setPos(&d, position(v, e.Path))
		out = append(out, d)
	}
	return sortDiagnostics(out)
}

// position finds the position of the value at p, walking up to the nearest
// value that has one.
func position(v cue.Value, p []string) token.Pos {
	for n := len(p); n >= 0; n-- {
		sels := make([]cue.Selector, n)
		for i, s := range p[:n] {
			sels[i] = selector(s)
		}
		w := v.LookupPath(cue.MakePath(sels...))
		if !w.Exists() {
			continue
		}
		if pos := userValuePos(w); pos.IsValid() {
			return pos
		}
	}
	return token.NoPos
}

// selector turns a model path element into a CUE selector: "[3]" is a
// list index, anything else a field name.
func selector(s string) cue.Selector {
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if i, err := strconv.Atoi(s[1 : len(s)-1]); err == nil {
			return cue.Index(i)
		}
	}
	return cue.Str(s)
}

// userValuePos returns where the user wrote a value, skipping the schema's
// contribution to it: it looks through the value's conjuncts, a few levels
// deep.
func userValuePos(v cue.Value) token.Pos {
	var find func(v cue.Value, depth int) token.Pos
	find = func(v cue.Value, depth int) token.Pos {
		if pos := v.Pos(); pos.IsValid() && pos.Filename() != schemaFile {
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
