// Package generator runs errspec's pipeline: find catalogs, load and
// validate each (load, model), emit its outputs in memory (gogen, mdgen,
// schemagen), then write them or compare them with the disk (files).
package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"

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
// error is load.Diagnostics when one does not match.
func Render(cat *load.Catalog, opts Options) (files.Set, error) {
	set, err := render(cat.Dir, cat.Model, opts)
	var errs model.Errors
	if errors.As(err, &errs) {
		return files.Set{}, cat.Locate(errs)
	}
	return set, err
}

// render renders the outputs of the model of the catalog in dir. The
// error is model.Errors when an example does not match the JSON Schema.
func render(dir string, cat *model.Catalog, opts Options) (files.Set, error) {
	notice := files.Notice(cat.Name)
	set := files.Set{Catalog: cat.Name}
	add := func(rel string, data []byte, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		set.Files = append(set.Files, files.File{Path: filepath.Join(dir, filepath.FromSlash(rel)), Data: data})
		return nil
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
		schema, err := schemagen.Build(cat, notice)
		if err != nil {
			return nil, fmt.Errorf("JSON Schema: %w", err)
		}
		if errs, err := checkExamples(cat, schema); err != nil {
			return nil, err
		} else if len(errs) > 0 {
			return nil, errs
		}
		return schema.JSON(), nil
	})
	if o.GoDir != "" {
		out, err := goFiles()
		if err != nil {
			return files.Set{}, fmt.Errorf("%s: %w", o.GoDir, err)
		}
		for _, f := range out {
			add(o.GoDir+"/"+f.Name, f.Data, nil)
		}
		set.Dirs = append(set.Dirs, filepath.Join(dir, filepath.FromSlash(o.GoDir)))
	}
	if o.Markdown != "" {
		data, err := markdown()
		if err := add(o.Markdown, data, templateError(err, opts)); err != nil {
			return files.Set{}, err
		}
	}
	if o.MarkdownDir != "" {
		pages, err := mdgen.RenderPerCode(cat, notice, opts.Templates)
		if err != nil {
			return files.Set{}, fmt.Errorf("%s: %w", o.MarkdownDir, templateError(err, opts))
		}
		for _, p := range pages {
			add(o.MarkdownDir+"/"+p.Name, p.Data, nil)
		}
		set.Dirs = append(set.Dirs, filepath.Join(dir, filepath.FromSlash(o.MarkdownDir)))
	}
	if o.Catalog != "" {
		data, err := catalogjson.Render(cat, notice)
		if err := add(o.Catalog, data, err); err != nil {
			return files.Set{}, err
		}
	}
	if o.LLMs != "" {
		add(o.LLMs, catalogjson.RenderIndex(cat, notice), nil)
	}
	schema, err := schemaChecked()
	if err != nil {
		return files.Set{}, err
	}
	if o.JSONSchema != "" {
		add(o.JSONSchema, schema, nil)
	}
	return set, nil
}

// TemplateError is a failure of the Markdown templates when the user
// overrides some of them: most likely the overrides' fault.
type TemplateError struct{ Err error }

func (e *TemplateError) Error() string { return e.Err.Error() }
func (e *TemplateError) Unwrap() error { return e.Err }

func templateError(err error, opts Options) error {
	if err == nil || opts.Templates == nil {
		return err
	}
	return &TemplateError{err}
}

// Find expands catalog arguments into catalog directories. An argument
// ending in "/..." stands for every catalog at or below its directory; any
// other argument is a catalog directory itself. A directory holds a
// catalog when one of the .cue files the cue tool loads from it (not
// those whose names start with . or _) declares codes at the top level. The
// walk skips testdata, vendor and node_modules directories and those
// whose names start with "." or "_", as the go command does.
func Find(args []string) ([]string, error) {
	if len(args) == 0 {
		args = []string{"./..."}
	}
	var dirs []string
	for _, arg := range args {
		root, walk := strings.CutSuffix(filepath.ToSlash(arg), "/...")
		if !walk {
			if root == "..." {
				root, walk = ".", true
			}
		}
		if root == "" {
			root = "."
		}
		root = filepath.FromSlash(root)
		if !walk {
			dirs = append(dirs, root)
			continue
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				return nil
			}
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
				name == "testdata" || name == "vendor" || name == "node_modules") {
				return filepath.SkipDir
			}
			if isCatalog(p) {
				dirs = append(dirs, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(dirs)
	return slices.Compact(dirs), nil
}

// isCatalog reports whether one of the files of dir that the cue tool
// loads (load.Files) declares codes.
func isCatalog(dir string) bool {
	names, err := load.Files(dir)
	if err != nil {
		return false
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		src, err := os.ReadFile(path)
		if err != nil || declaresCodes(path, src) {
			// A file errspec cannot read or parse may well be a
			// catalog: let the loader report the problem.
			return true
		}
	}
	return false
}

// declaresCodes reports whether the CUE file src declares codes at the
// top level, or does not parse. Most catalogs declare codes first in a
// large file: a scan for the field stops there, without parsing the rest.
func declaresCodes(path string, src []byte) bool {
	return scanCodes(path, src) || parsedCodes(path, src)
}

// parsedCodes reports what declaresCodes reports, from a parse of src.
func parsedCodes(path string, src []byte) bool {
	f, err := parser.ParseFile(path, src)
	if err != nil {
		return true
	}
	for _, decl := range f.Decls {
		if field, ok := decl.(*ast.Field); ok {
			if name, _, _ := ast.LabelName(field.Label); name == "codes" {
				return true
			}
		}
	}
	return false
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
