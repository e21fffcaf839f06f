package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/par"
	"github.com/errspec/errspec/spec"
)

// exportFast evaluates the catalog in dir, made of files, and returns it
// decoded, as the careful way decodes the catalog it exports as JSON. It
// is the way a valid catalog takes: the user's files are parsed in
// parallel; the catalog is evaluated once, unified with #Catalog, rather
// than once on its own and again unified with #Catalog; and its codes are
// exported and decoded in parallel.
// To that end the declarations of each file go into one field of the
// package, catalog, which the schema, in the package too, declares a
// #Catalog: the field is the user's files unified with #Catalog, as the
// careful way unifies them.
//
// When the codes of each file can be evaluated apart from the rest, they
// are, on every core (exportSplit).
//
// It reports false when the catalog is not one it can take, or when
// anything goes wrong: the caller then loads the catalog the careful way,
// which gives every problem its position. It takes only catalogs for which
// both ways give the same value: every file parses and names the same
// package, no file carries a file attribute (@if, @extern) or imports a
// package outside the standard library, no cue.mod directory sets a
// language version, the top level declares only fields of #Catalog,
// hidden fields, definitions and lets, and nothing the user wrote names a
// definition of the schema. A file that refers to a top-level field of
// another file no longer finds it in the field of its own: its evaluation
// fails, and the careful way takes over.
func exportFast(dir string, files []string) (*model.Input, bool) {
	sch := fastSchema()
	if sch.err != nil || inModule(dir) {
		return nil, false
	}
	parsed := make([]*ast.File, len(files))
	errs := make([]error, len(files))
	par.Do(len(files), func(i int) {
		path := filepath.Join(dir, files[i])
		src, err := os.ReadFile(path)
		if err == nil {
			parsed[i], err = parser.ParseFile(path, src)
		}
		errs[i] = err
	})
	pkg := ""
	for i, f := range parsed {
		if errs[i] != nil || !takes(f, sch) || (i > 0 && f.PackageName() != pkg) {
			return nil, false
		}
		pkg = f.PackageName()
	}
	if in, ok := exportSplit(parsed, pkg, sch); ok {
		return in, true
	}
	for i, f := range parsed {
		parsed[i] = wrap(f)
	}
	inst := build.NewContext().NewInstance(dir, nil)
	for _, f := range append(parsed, sch.file(pkg)) {
		if err := inst.AddSyntax(f); err != nil {
			return nil, false
		}
	}
	if inst.Err != nil {
		return nil, false
	}
	v := cuecontext.New().BuildInstance(inst).LookupPath(cue.MakePath(cue.Str(catalogField)))
	if v.Err() != nil || v.Validate(cue.Concrete(true)) != nil {
		return nil, false
	}
	in, err := decodeValue(v)
	if err != nil {
		return nil, false
	}
	return in, true
}

// decodeValue decodes the catalog v as json.Unmarshal decodes
// v.MarshalJSON(). Exporting a value costs CUE about as much as evaluating
// it: the codes, most of a catalog, are exported and decoded on every
// core, one code at a time. A CUE value may be used concurrently.
func decodeValue(v cue.Value) (*model.Input, error) {
	it, err := v.Fields()
	if err != nil {
		return nil, err
	}
	var rest bytes.Buffer
	var codes cue.Value
	hasCodes := false
	rest.WriteByte('{')
	for it.Next() {
		name := it.Selector().Unquoted()
		if name == "codes" {
			codes, hasCodes = it.Value(), true
			continue
		}
		data, err := it.Value().MarshalJSON()
		if err != nil {
			return nil, err
		}
		key, _ := json.Marshal(name)
		if rest.Len() > 1 {
			rest.WriteByte(',')
		}
		rest.Write(key)
		rest.WriteByte(':')
		rest.Write(data)
	}
	rest.WriteByte('}')
	var in model.Input
	if err := json.Unmarshal(rest.Bytes(), &in); err != nil {
		return nil, err
	}
	if !hasCodes {
		return &in, nil
	}
	in.Codes, err = decodeCodes(codes)
	return &in, err
}

// decodeCodes exports and decodes the codes of the struct codes on every
// core, one code at a time.
func decodeCodes(codes cue.Value) ([]model.Entry[model.InputCode], error) {
	it, err := codes.Fields()
	if err != nil {
		return nil, err
	}
	var out []model.Entry[model.InputCode]
	var values []cue.Value
	for it.Next() {
		out = append(out, model.Entry[model.InputCode]{Key: it.Selector().Unquoted()})
		values = append(values, it.Value())
	}
	errs := make([]error, len(values))
	par.Do(len(values), func(i int) {
		data, err := values[i].MarshalJSON()
		if err == nil {
			err = json.Unmarshal(data, &out[i].Value)
		}
		errs[i] = err
	})
	return out, errors.Join(errs...)
}

// schemaDecls is what exportFast needs to know of the schema.
type schemaDecls struct {
	defs    map[string]bool // the definitions it declares: #Catalog, #Code, ...
	catalog map[string]bool // the fields of #Catalog
	err     error
}

var fastSchema = sync.OnceValue(func() *schemaDecls {
	s := &schemaDecls{defs: map[string]bool{}, catalog: map[string]bool{}}
	f, err := parser.ParseFile(schemaFile, spec.Schema)
	if err != nil {
		s.err = err
		return s
	}
	for _, d := range f.Decls {
		field, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		name, _, _ := ast.LabelName(field.Label)
		s.defs[name] = true
		if st, ok := field.Value.(*ast.StructLit); ok && name == "#Catalog" {
			for _, e := range st.Elts {
				if cf, ok := e.(*ast.Field); ok {
					n, _, _ := ast.LabelName(cf.Label)
					s.catalog[n] = true
				}
			}
		}
	}
	if !s.defs["#Catalog"] || len(s.catalog) == 0 {
		s.err = os.ErrInvalid
	}
	return s
})

// catalogField is the field of the package the fast way evaluates the
// catalog in: no catalog has a top-level field of that name.
const catalogField = "errspec_catalog"

// file returns the schema as a file of package pkg, which declares
// catalogField a #Catalog. The file is built anew for each catalog, since
// evaluation annotates it.
func (s *schemaDecls) file(pkg string) *ast.File {
	f, _ := parser.ParseFile(schemaFile, spec.Schema)
	decls := packageClause(pkg)
	for _, d := range f.Decls {
		if _, ok := d.(*ast.Package); !ok {
			decls = append(decls, d)
		}
	}
	decls = append(decls, &ast.Field{Label: ast.NewIdent(catalogField), Value: ast.NewIdent("#Catalog")})
	return &ast.File{Filename: f.Filename, Decls: decls}
}

// packageClause returns a new package clause of package pkg, as the
// declarations a file starts with; none when pkg is "".
func packageClause(pkg string) []ast.Decl {
	if pkg == "" {
		return nil
	}
	return []ast.Decl{&ast.Package{Name: ast.NewIdent(pkg)}}
}

// wrap moves the declarations of a user's file but its package clause and
// imports into the field catalogField.
func wrap(f *ast.File) *ast.File {
	var head, body []ast.Decl
	for _, d := range f.Decls {
		switch d.(type) {
		case *ast.Package, *ast.ImportDecl:
			head = append(head, d)
		default:
			body = append(body, d)
		}
	}
	field := &ast.Field{Label: ast.NewIdent(catalogField), Value: &ast.StructLit{Elts: body}}
	return &ast.File{Filename: f.Filename, Decls: append(head, field)}
}

// takes reports whether the fast way may evaluate the file f: see
// exportFast.
func takes(f *ast.File, s *schemaDecls) bool {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Package, *ast.CommentGroup, *ast.LetClause:
		case *ast.ImportDecl:
			for _, spec := range d.Specs {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil || strings.Contains(strings.Split(path, "/")[0], ".") {
					return false
				}
			}
		case *ast.Field:
			name, isIdent, err := ast.LabelName(d.Label)
			if err != nil || !isIdent && !s.catalog[name] {
				return false
			}
			switch {
			case s.defs[name]:
				return false
			case strings.HasPrefix(name, "#"), strings.HasPrefix(name, "_"):
			case !s.catalog[name]:
				return false
			}
		default:
			// Attributes, embeddings, comprehensions and anything else
			// the top level might hold.
			return false
		}
	}
	ok := true
	ast.Walk(f, func(n ast.Node) bool {
		if id, isIdent := n.(*ast.Ident); isIdent && s.defs[id.Name] {
			ok = false
		}
		return ok
	}, nil)
	return ok
}

// inModule reports whether dir is in a CUE module, whose cue.mod may set
// the language version the loader evaluates with.
func inModule(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return true
	}
	for {
		if _, err := os.Stat(filepath.Join(abs, "cue.mod")); err == nil {
			return true
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return false
		}
		abs = parent
	}
}

// evaluate evaluates the catalog in dir the careful way, unified with
// #Catalog, for the positions of its values; a catalog loaded the fast way
// has none until it needs them.
func evaluate(dir string, files []string) cue.Value {
	ctx := cuecontext.New()
	schema := ctx.CompileBytes(spec.Schema, cue.Filename(schemaFile))
	insts := load.Instances(files, &load.Config{Dir: dir})
	if len(insts) == 0 || insts[0].Err != nil {
		return cue.Value{}
	}
	return schema.LookupPath(cue.ParsePath("#Catalog")).Unify(ctx.BuildInstance(insts[0]))
}
