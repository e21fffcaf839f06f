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
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

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
// catalog when one of its .cue files declares codes at the top level. The
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

// isCatalog reports whether one of dir's .cue files declares codes.
func isCatalog(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".cue") {
			continue
		}
		f, err := parser.ParseFile(filepath.Join(dir, e.Name()), nil)
		if err != nil {
			// A file that does not parse may well be a catalog with a
			// syntax error: let the loader report it.
			return true
		}
		for _, decl := range f.Decls {
			if field, ok := decl.(*ast.Field); ok {
				if name, _, _ := ast.LabelName(field.Label); name == "codes" {
					return true
				}
			}
		}
	}
	return false
}
