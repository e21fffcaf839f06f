package load

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	"cuelang.org/go/mod/modfile"
)

// moduleFileProblems returns the problems of err that are the CUE module
// file's, cue.mod/module.cue of the module the catalog at dir is in, each
// at that file: CUE's loader gives most of them no position (a language
// version it cannot read) or a position without a value to look fields up
// in (a field the module file's schema does not allow), and what to do
// about them differs from a problem of the catalog.
func moduleFileProblems(dir string, err error) Diagnostics {
	root := moduleRoot(dir)
	if root == "" {
		return nil
	}
	file := filepath.Join(root, "cue.mod", "module.cue")
	if _, serr := os.Stat(file); serr != nil {
		return nil
	}
	var out Diagnostics
	for _, e := range cueerrors.Errors(err) {
		pos, ok := moduleFilePos(e, file)
		text := e.Error()
		if !ok && !strings.Contains(text, "module.cue") && !strings.Contains(text, "module file") {
			continue
		}
		// CUE names the file by its absolute path in some of its messages.
		text = strings.ReplaceAll(text, "invalid module file "+file+": ", "")
		text = strings.ReplaceAll(text, file, relative(file))
		d := Diagnostic{File: relative(file), Line: 1, Col: 1, Msg: text, Fix: moduleFileFix(text)}
		switch {
		case pos.IsValid():
		case strings.Contains(text, "language version"):
			pos = valuePos(file, "language", "version")
		case strings.Contains(text, "module path"):
			pos = valuePos(file, "module")
		}
		setPos(&d, pos)
		out = append(out, d)
	}
	return sortDiagnostics(out)
}

// moduleFilePos returns the first position of e in the module file, and
// whether e has one there.
func moduleFilePos(e cueerrors.Error, file string) (token.Pos, bool) {
	for _, p := range append([]token.Pos{e.Position()}, e.InputPositions()...) {
		if p.IsValid() && p.Filename() == file {
			return p, true
		}
	}
	return token.NoPos, false
}

// valuePos returns the position of the value at path in the module file
// (language, version), or no position.
func valuePos(file string, path ...string) token.Pos {
	f, err := parser.ParseFile(file, nil)
	if err != nil {
		return token.NoPos
	}
	decls := f.Decls
	for i, name := range path {
		var v ast.Expr
		for _, d := range decls {
			if v = fieldValue(d, name); v != nil {
				break
			}
		}
		if i == len(path)-1 && v != nil {
			return v.Pos()
		}
		s, ok := v.(*ast.StructLit)
		if !ok {
			break
		}
		decls = s.Elts
	}
	return token.NoPos
}

// fieldValue returns the value of n when n is the field name, or nil.
func fieldValue(n ast.Node, name string) ast.Expr {
	if f, ok := n.(*ast.Field); ok {
		if l, _, err := ast.LabelName(f.Label); err == nil && l == name {
			return f.Value
		}
	}
	return nil
}

// moduleFileFix says how to mend a problem of the module file, from the
// text of CUE's message.
func moduleFileFix(text string) string {
	switch {
	case strings.Contains(text, "language version"):
		earliest, _, _ := strings.Cut(modfile.EarliestClosedSchemaVersion(), "-")
		return fmt.Sprintf("write language: version: with a CUE language version from %s to %s, the one errspec reads, such as language: version: %q",
			earliest, cue.LanguageVersion(), cue.LanguageVersion())
	case strings.Contains(text, "module path"):
		return `write module: with a module path in lower case and its major version, such as module: "example.com/errors@v0"`
	case strings.Contains(text, "syntax:"):
		return "correct the syntax here: a module file is CUE data, fields of name: value"
	case strings.Contains(text, "field not allowed"):
		return "remove it: a module file has the fields module, language, source, deps and custom"
	}
	return "correct the module file: cue mod fix rewrites one of an earlier form"
}
