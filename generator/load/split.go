package load

import (
	"errors"
	"runtime"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/token"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/par"
)

// exportSplit evaluates a catalog the fast way takes, made of the parsed
// files of package pkg (not yet wrapped), on every core: CUE evaluates a
// package on one core, and the codes, most of a catalog, do not depend on
// each other. The codes of each file are evaluated on their own, unified
// with #Catalog's codes, in a context of their own, and exported there (a
// file of nothing but codes, codesPerContext codes at a time); the rest
// of the catalog is evaluated once, without the codes.
//
// It reports false when that could give a value other than evaluating the
// files together, and the caller then does so. It takes a catalog only
// when nothing a code's value refers to can differ between the two: the
// codes of each file are plain fields (no pattern, embedding or
// comprehension, which could apply to the codes of another file); no
// code, and no top-level hidden field, definition or let, refers to a
// field of #Catalog, whose value the other files contribute to; no
// top-level hidden field or definition is declared in two files; nothing
// outside the codes refers to them; no code is declared in two files.
// A reference to another file's field fails both ways.
func exportSplit(parsed []*ast.File, pkg string, sch *schemaDecls) (*model.Input, bool) {
	codes := make([]*ast.File, 0, len(parsed))
	var apart []bool // of each file of codes: whether it shares no node with the rest
	rest := make([]*ast.File, 0, len(parsed))
	declared := map[string]int{} // files declaring each top-level hidden field or definition
	var codeFiles []*ast.File
	total := 0 // codes in the catalog
	for _, f := range parsed {
		c, r, ok := splitFile(f, sch, declared)
		if !ok {
			return nil, false
		}
		if c != nil {
			codeFiles = append(codeFiles, c)
			elts, _ := codeElts(c)
			total += len(elts)
		}
		rest = append(rest, r)
	}
	per := codesPerContext(total)
	for _, c := range codeFiles {
		files, ok := chunkCodes(c, pkg, per)
		codes = append(codes, files...)
		for range files {
			apart = append(apart, ok)
		}
	}
	for _, n := range declared {
		if n > 1 {
			return nil, false
		}
	}
	if len(codes) == 0 {
		return nil, false
	}
	// The rest shares the declarations of the package clause, imports,
	// lets, hidden fields and definitions with the codes of its file that
	// chunkCodes keeps whole, and evaluation annotates them: those codes
	// evaluate after the rest, the others beside it.
	values := make([][]model.Entry[model.InputCode], len(codes))
	errs := make([]error, len(codes))
	first, later := []int{-1}, []int(nil) // -1 is the rest
	for i, ok := range apart {
		if ok {
			first = append(first, i)
		} else {
			later = append(later, i)
		}
	}
	var in *model.Input
	var restErr error
	par.Do(len(first), func(k int) {
		if i := first[k]; i >= 0 {
			values[i], errs[i] = evaluateCodes(codes[i], pkg, sch)
		} else {
			in, restErr = evaluateRest(rest, pkg, sch)
		}
	})
	if restErr != nil {
		return nil, false
	}
	par.Do(len(later), func(k int) {
		values[later[k]], errs[later[k]] = evaluateCodes(codes[later[k]], pkg, sch)
	})
	if errors.Join(errs...) != nil {
		return nil, false
	}
	seen := map[string]bool{}
	for _, vs := range values {
		for _, e := range vs {
			if seen[e.Key] {
				return nil, false
			}
			seen[e.Key] = true
			in.Codes = append(in.Codes, e)
		}
	}
	return in, true
}

// splitFile splits a file the fast way takes into a file of its codes,
// with the lets, hidden fields, definitions and imports they may refer
// to, and a file of the rest, without the codes; it is nil when the file
// declares no codes. It counts in declared the top-level hidden fields and
// definitions the file declares. It reports false when the codes cannot
// be evaluated apart: see exportSplit.
func splitFile(f *ast.File, sch *schemaDecls, declared map[string]int) (codes, rest *ast.File, ok bool) {
	codes = &ast.File{Filename: f.Filename}
	rest = &ast.File{Filename: f.Filename}
	hasCodes := false
	for _, d := range f.Decls {
		field, isField := d.(*ast.Field)
		name := ""
		if isField {
			name, _, _ = ast.LabelName(field.Label)
		}
		switch {
		case name == "codes":
			if !plainCodes(field) || refersToCatalog(f, field.Value, sch) {
				return nil, nil, false
			}
			codes.Decls = append(codes.Decls, d)
			hasCodes = true
		case isField && sch.catalog[name]:
			if refersToCodes(f, field.Value) {
				return nil, nil, false
			}
			rest.Decls = append(rest.Decls, d)
		default:
			// The package clause, imports, comments, lets, hidden fields
			// and definitions: both files need them.
			if _, isComment := d.(*ast.CommentGroup); !isComment && refersToCatalog(f, d, sch) {
				return nil, nil, false
			}
			if isField {
				declared[name]++
			}
			codes.Decls = append(codes.Decls, d)
			rest.Decls = append(rest.Decls, d)
		}
	}
	if !hasCodes {
		codes = nil
	}
	return codes, rest, true
}

// maxCodesPerContext is how many codes evaluate in one CUE context at
// most, when nothing but codes is in their file: contexts of a few codes
// spread the work of a large file over every core, and each holds little
// memory.
const maxCodesPerContext = 128

// codesPerContext is how many codes of a catalog of n codes evaluate in
// one CUE context: maxCodesPerContext, or fewer in a small catalog, so
// that its codes still spread over every core, twice over; not so few
// that compiling the schema for each context costs more than it saves.
func codesPerContext(n int) int {
	return min(maxCodesPerContext, max(16, (n+2*runtime.GOMAXPROCS(0)-1)/(2*runtime.GOMAXPROCS(0))))
}

// codeElts returns the elements of the top-level codes fields of f, one
// a code, in order; false when the value of one is not a struct literal.
func codeElts(f *ast.File) ([]ast.Decl, bool) {
	var elts []ast.Decl
	for _, d := range f.Decls {
		if field, ok := d.(*ast.Field); ok {
			if name, _, _ := ast.LabelName(field.Label); name == "codes" {
				st, ok := field.Value.(*ast.StructLit)
				if !ok {
					return nil, false
				}
				elts = append(elts, st.Elts...)
			}
		}
	}
	return elts, true
}

// chunkCodes splits a file of codes from splitFile into files of at most
// per codes each, when it declares nothing but its package
// clause and its codes, and reports true: the files share no node with
// each other or with the rest of the catalog, since evaluation annotates
// the syntax it evaluates and they evaluate at once. Otherwise it returns
// the file whole, and false.
func chunkCodes(f *ast.File, pkg string, per int) ([]*ast.File, bool) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Package, *ast.CommentGroup:
		case *ast.Field:
			if name, _, _ := ast.LabelName(d.Label); name != "codes" {
				return []*ast.File{f}, false
			}
		default:
			return []*ast.File{f}, false
		}
	}
	elts, _ := codeElts(f) // splitFile took only struct literals of codes
	var out []*ast.File
	for _, c := range par.Chunks(len(elts), per) {
		decls := append(packageClause(pkg), &ast.Field{Label: ast.NewIdent("codes"), Value: &ast.StructLit{Elts: elts[c[0]:c[1]]}})
		out = append(out, &ast.File{Filename: f.Filename, Decls: decls})
	}
	return out, true
}

// plainCodes reports whether a top-level codes field is a regular field
// whose value is a struct of regular fields, one a code.
func plainCodes(field *ast.Field) bool {
	if field.Constraint != token.ILLEGAL {
		return false
	}
	st, ok := field.Value.(*ast.StructLit)
	if !ok {
		return false
	}
	for _, e := range st.Elts {
		code, ok := e.(*ast.Field)
		if !ok || code.Constraint != token.ILLEGAL {
			return false
		}
		if _, isIdent, err := ast.LabelName(code.Label); err != nil || !isIdent && !isString(code.Label) {
			return false
		}
	}
	return true
}

// isString reports whether a label is a string literal.
func isString(l ast.Label) bool {
	lit, ok := l.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}

// refersToCatalog reports whether n refers to a top-level field of the
// file f that is a field of #Catalog.
func refersToCatalog(f *ast.File, n ast.Node, sch *schemaDecls) bool {
	return refersTo(f, n, func(name string) bool { return sch.catalog[name] })
}

// refersToCodes reports whether n refers to the top-level codes of f.
func refersToCodes(f *ast.File, n ast.Node) bool {
	return refersTo(f, n, func(name string) bool { return name == "codes" })
}

// refersTo reports whether n holds a reference to a top-level field of
// the file f whose name matches.
func refersTo(f *ast.File, n ast.Node, match func(name string) bool) bool {
	found := false
	ast.Walk(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Scope == f {
			if field, ok := id.Node.(*ast.Field); ok {
				name, _, _ := ast.LabelName(field.Label)
				found = found || match(name)
			}
		}
		return !found
	}, nil)
	return found
}

// evaluateCodes evaluates the codes of one file unified with #Catalog's,
// in a context of its own, and decodes them: from their syntax when they
// are plain data (literalCodes), else as CUE exports them.
func evaluateCodes(f *ast.File, pkg string, sch *schemaDecls) ([]model.Entry[model.InputCode], error) {
	v, err := buildWrapped([]*ast.File{f}, pkg, sch, nil)
	if err != nil {
		return nil, err
	}
	codes := v.LookupPath(cue.MakePath(cue.Str("codes")))
	if err := codes.Validate(cue.Concrete(true)); err != nil {
		return nil, err
	}
	if out, ok := literalCodes(f); ok {
		return out, nil
	}
	return decodeCodes(codes)
}

// evaluateRest evaluates the catalog without its codes and decodes it.
func evaluateRest(files []*ast.File, pkg string, sch *schemaDecls) (*model.Input, error) {
	// #Catalog requires codes: they are given empty here.
	empty := &ast.Field{Label: ast.NewIdent("codes"), Value: &ast.StructLit{}}
	v, err := buildWrapped(files, pkg, sch, empty)
	if err != nil {
		return nil, err
	}
	if err := v.Validate(cue.Concrete(true)); err != nil {
		return nil, err
	}
	return decodeValue(v)
}

// buildWrapped evaluates files, wrapped into catalogField, with the
// schema and the extra declarations, in a new context, and returns the
// catalog.
func buildWrapped(files []*ast.File, pkg string, sch *schemaDecls, extra ast.Decl) (cue.Value, error) {
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range files {
		if err := inst.AddSyntax(wrap(f)); err != nil {
			return cue.Value{}, err
		}
	}
	s := sch.file(pkg)
	if extra != nil {
		s.Decls = append(s.Decls, &ast.Field{Label: ast.NewIdent(catalogField), Value: &ast.StructLit{Elts: []ast.Decl{extra}}})
	}
	if err := inst.AddSyntax(s); err != nil {
		return cue.Value{}, err
	}
	if inst.Err != nil {
		return cue.Value{}, inst.Err
	}
	v := cuecontext.New().BuildInstance(inst).LookupPath(cue.MakePath(cue.Str(catalogField)))
	return v, v.Err()
}
