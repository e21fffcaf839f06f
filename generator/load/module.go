package load

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	"cuelang.org/go/mod/modfile"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/prose"
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

// importFix says how to mend an import of a package of the catalog's own
// CUE module that CUE did not find (msg, its message, at pos): the path
// of a module whose path ends in a major version (/v2) without it, a
// directory of the module named in another way than it is, or a package
// name (:name) that no file of the directory has. It returns "" for
// another import, or when it cannot tell.
func importFix(pos token.Pos, msg string) string {
	const prefix = `cannot find package "`
	i := strings.Index(msg, prefix)
	if !pos.IsValid() || i < 0 {
		return ""
	}
	pkg, _, ok := strings.Cut(msg[i+len(prefix):], `"`)
	if !ok {
		return ""
	}
	root := moduleRoot(filepath.Dir(pos.Filename()))
	if root == "" {
		return ""
	}
	file := filepath.Join(root, "cue.mod", "module.cue")
	f, err := parser.ParseFile(file, nil)
	if err != nil {
		return ""
	}
	var module string
	for _, d := range f.Decls {
		if lit, ok := fieldValue(d, "module").(*ast.BasicLit); ok {
			module, _ = literal.Unquote(lit.Value)
		}
	}
	module, _, _ = strings.Cut(module, "@")
	if module == "" {
		return ""
	}
	// The package name a qualified import asks for (path:name), from
	// the import's own text.
	name := ""
	if j := strings.Index(msg, `package name "`); j >= 0 {
		name, _, _ = strings.Cut(msg[j+len(`package name "`):], `"`)
	}
	// The qualifier of the import as written (path:name), from the
	// import spec CUE's message ends with.
	qualifier := ""
	if j := strings.LastIndex(msg, "providing package "); j >= 0 {
		if _, q, ok := strings.Cut(msg[j:], ":"); ok {
			q, _, _ = strings.Cut(q, ":")
			qualifier = ":" + strings.TrimSpace(q)
		}
	}
	rel, inModule := strings.CutPrefix(pkg, module+"/")
	if !inModule {
		// An import of the module's own package without the major
		// version its path ends in, or with another.
		base, major := module, ""
		if k := strings.LastIndex(module, "/"); k >= 0 && len(module) > k+2 && module[k+1] == 'v' && strings.Trim(module[k+2:], "0123456789") == "" {
			base, major = module[:k], module[k:]
		}
		if major == "" {
			return ""
		}
		if r, ok := strings.CutPrefix(pkg, base+"/"); ok {
			if k := strings.Index(r, "/"); k > 0 && r[0] == 'v' && strings.Trim(r[1:k], "0123456789") == "" {
				r = r[k+1:]
			}
			if st, err := os.Stat(filepath.Join(root, filepath.FromSlash(r))); err == nil && st.IsDir() {
				return "the CUE module's path is " + module + " (cue.mod/module.cue), with its major version: import " + module + "/" + r + qualifier
			}
		}
		return ""
	}
	dir := filepath.Join(root, filepath.FromSlash(rel))
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		// The nearest directory the path names that is there, and the
		// directories in it that are named most like the one that is not.
		parent, missing := filepath.Dir(dir), filepath.Base(dir)
		if st, err := os.Stat(parent); err != nil || !st.IsDir() {
			return "the CUE module " + module + " has no directory " + rel + ": import a package of the module as " + module + "/DIR, DIR its directory from the module's root"
		}
		entries, _ := os.ReadDir(parent)
		var names []string
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && !strings.HasPrefix(e.Name(), "_") && e.Name() != "cue.mod" {
				names = append(names, e.Name())
			}
		}
		if len(names) == 0 {
			return "the CUE module " + module + " has no directory " + rel + ": import a package of the module as " + module + "/DIR, DIR its directory from the module's root"
		}
		no := "the CUE module " + module + " has no directory " + rel
		if near := model.Closest(missing, names); len(near) > 0 {
			return no + ": did you mean " + path.Join(path.Dir(pkg), near[0]) + qualifier + "?"
		}
		slices.Sort(names)
		return no + ": the directories in " + path.Dir(pkg) + " are " + prose.List(names, "and")
	}
	if name == "" {
		return ""
	}
	// The directory is there, but no file of it has the package name.
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".cue") || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") ||
			strings.HasSuffix(n, "_tool.cue") || strings.HasSuffix(n, "_test.cue") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		if pf, err := parser.ParseFile(e.Name(), src, parser.PackageClauseOnly); err == nil && pf.PackageName() != "" && !slices.Contains(names, pf.PackageName()) {
			names = append(names, pf.PackageName())
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	var imports []string
	for _, n := range names {
		imports = append(imports, pkg+":"+n)
	}
	return "no file of " + rel + " is package " + name + ": import " + prose.List(imports, "or")
}
