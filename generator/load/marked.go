package load

import (
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"
)

// markedFields returns a problem for each field of the catalog's data that
// a file marks optional (name?: value) or required (name!: value), as
// TypeScript marks an optional property, and that the catalog, v, holds
// as a constraint still: no file and no default of the schema gives it as
// a field. CUE leaves such a field out of the catalog, as cue export
// does, so errspec would never see what it holds: a param, a code or a
// title dropped without a word. Only fields the user wrote in the data
// are looked at: in a definition, a hidden field or a pattern, a marked
// field is a constraint, as CUE means it.
func markedFields(files []*ast.File, v cue.Value) Diagnostics {
	var ds Diagnostics
	var visit func(decls []ast.Decl, path []string)
	visit = func(decls []ast.Decl, path []string) {
		for _, d := range decls {
			switch d := d.(type) {
			case *ast.EmbedDecl:
				for _, s := range structsOf(d.Expr) {
					visit(s.Elts, path)
				}
			case *ast.Field:
				name, ok := dataLabel(d.Label)
				if !ok {
					continue
				}
				p := append(slices.Clip(path), name)
				if d.Constraint != token.OPTION && d.Constraint != token.NOT {
					for _, s := range structsOf(d.Value) {
						visit(s.Elts, p)
					}
					continue
				}
				if dropped(v, path, name) {
					ds = append(ds, markedField(d, p))
				}
			}
		}
	}
	for _, f := range files {
		visit(f.Decls, nil)
	}
	return ds
}

// structsOf returns the struct literals that make up the value x: x
// itself, or the operands of a unification.
func structsOf(x ast.Expr) []*ast.StructLit {
	switch x := x.(type) {
	case *ast.StructLit:
		return []*ast.StructLit{x}
	case *ast.ParenExpr:
		return structsOf(x.X)
	case *ast.BinaryExpr:
		if x.Op == token.AND {
			return append(structsOf(x.X), structsOf(x.Y)...)
		}
	}
	return nil
}

// dataLabel returns the name of a field of the catalog's data: not a
// definition, a hidden field or a label CUE computes.
func dataLabel(l ast.Label) (string, bool) {
	name, isIdent, err := ast.LabelName(l)
	if err != nil || isIdent && (strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_")) {
		return "", false
	}
	return name, true
}

// dropped reports whether the field name of the value at path in v is a
// constraint still, optional or required, that holds a value: a struct, a
// list or a concrete value, which CUE leaves out of the catalog. A type
// alone (name?: string) is a constraint as the user meant it.
func dropped(v cue.Value, path []string, name string) bool {
	sels := make([]cue.Selector, len(path))
	for i, s := range path {
		sels[i] = cue.Str(s)
	}
	parent := v.LookupPath(cue.MakePath(sels...))
	it, err := parent.Fields(cue.Optional(true))
	if err != nil {
		return false
	}
	for it.Next() {
		if sel := it.Selector(); sel.Unquoted() == name {
			ct := sel.ConstraintType()
			return (ct == cue.OptionalConstraint || ct == cue.RequiredConstraint) && it.Value().IsConcrete()
		}
	}
	return false
}

// markedField is the problem of the field f, at the catalog path p, that
// a ? or a ! makes a constraint, which the catalog leaves out.
func markedField(f *ast.Field, p []string) Diagnostic {
	name := label(p[len(p)-1])
	d := Diagnostic{Path: cuePath(p)}
	if f.Constraint == token.NOT {
		d.Msg = "the ! of " + name + "!: makes it a field that CUE requires another file to give, and leaves out of the catalog until one does"
		d.Fix = "write " + name + ": without the !"
	} else {
		d.Msg = "the ? of " + name + "?: makes it a constraint, which CUE leaves out of the catalog: errspec never sees it"
		d.Fix = "write " + name + ": without the ?"
		if len(p) >= 2 && (p[len(p)-2] == "params" || p[len(p)-2] == "fields") {
			d.Fix += ", and optional: true in it if the caller may leave it out"
		}
	}
	setPos(&d, f.Pos())
	return d
}
