// Package templates holds the text/template files errspec renders the
// Markdown reference of a catalog with. They are embedded in the binary, so
// generation needs no file outside the catalog.
//
// There is one file per construct of the page:
//
//	reference.md.tmpl  the page: title, description and the sections below
//	index.md.tmpl      the index table of every code
//	category.md.tmpl   the section of one category
//	code.md.tmpl       the section of one code
//	params.md.tmpl     the params table of one code
//
// Each file starts with a comment that documents the data it receives: a
// type of package github.com/errspec/errspec/generator/model. A template
// includes another by its file name, as in {{template "code.md.tmpl" .}};
// errspec executes reference.md.tmpl.
//
// A user replaces any of them with a file of the same name in the
// directory given to --templates; a file there whose name is not one of
// the above is an error (names starting with "." are ignored). The
// generated-file notice is written above the page by errspec itself, and
// the output is normalised after executing: trailing spaces removed, runs
// of blank lines outside fenced code blocks collapsed to one, exactly one
// final newline.
//
// Besides the text/template built-ins, templates may call:
//
//	code S       S as an inline code span, fenced with more backticks than
//	             any run inside it; newlines become spaces
//	cell S       S made safe for a table cell: newlines become spaces, | is
//	             escaped; use it on everything in a cell, code spans too:
//	             {{cell (code .Name)}}
//	inline S     S on one line, for a heading or a list item
//	yesno B      "yes" or "no"
//	status N     an HTTP status with its text, e.g. "404 Not Found"
//	paramRows P  the params P ([]*model.Param) and, after each object-typed
//	             one, its fields, recursively: rows with the fields of
//	             model.Param plus .Path, the param's dotted path from the
//	             code's params, e.g. gvk.group; the elements of a list add
//	             [] and the values of a map add .* (invalid_fields[].field)
//	catalog      the *model.Catalog being rendered, from any template
package templates

import "embed"

// FS holds the embedded Markdown templates, named *.md.tmpl.
//
//go:embed *.md.tmpl
var FS embed.FS
