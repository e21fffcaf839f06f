package mdgen

import (
	"fmt"
	"net/http"
	"strings"
	"text/template"

	"github.com/errspec/errspec/generator/model"
)

// funcs returns the functions the templates may call, documented in
// package templates. They escape, join and format; none derives a name or
// an anchor.
func funcs(cat *model.Catalog) template.FuncMap {
	return template.FuncMap{
		"code":      codeSpan,
		"cell":      cell,
		"inline":    inline,
		"yesno":     yesno,
		"status":    status,
		"paramRows": paramRows,
		"catalog":   func() *model.Catalog { return cat },
	}
}

// codeSpan returns s as an inline code span. The fence is one backtick
// longer than the longest run of backticks in s, and s is padded with a
// space on each side when it starts or ends with a backtick, or starts and
// ends with a space, so that it shows as written. Newlines become spaces,
// as they would in the rendered span; a line break could otherwise end the
// span's paragraph early.
func codeSpan(s string) string {
	s = oneLine(s)
	if s == "" {
		return ""
	}
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if s[0] == '`' || s[len(s)-1] == '`' ||
		(s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "") {
		s = " " + s + " "
	}
	fence := strings.Repeat("`", longest+1)
	return fence + s + fence
}

// cell makes s safe inside a table cell: on one line, trimmed, and with |
// escaped. In GitHub Flavored Markdown \| stands for | in every part of a
// cell, code spans included, so cell applies to code spans as well.
func cell(s string) string {
	return strings.ReplaceAll(inline(s), "|", `\|`)
}

// inline returns s on one line, trimmed, for a heading or a list item.
func inline(s string) string {
	return strings.TrimSpace(oneLine(s))
}

// oneLine replaces each line break of s with a space.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\n", " ")
}

func yesno(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// status returns an HTTP status with its text, e.g. "404 Not Found".
func status(code int) string {
	if text := http.StatusText(code); text != "" {
		return fmt.Sprintf("%d %s", code, text)
	}
	return fmt.Sprint(code)
}

// paramRow is a row of a params table: a param, or a field of an object
// param, with its path from the code's params.
type paramRow struct {
	*model.Param
	Path string // e.g. missing_fields, gvk.group, invalid_fields[].field
}

// paramRows lists params in order, each followed by the rows of its
// fields when its type is an object, or a list or map of objects.
func paramRows(params []*model.Param) []paramRow {
	var rows []paramRow
	var walk func(prefix string, ps []*model.Param)
	walk = func(prefix string, ps []*model.Param) {
		for _, p := range ps {
			path := prefix + p.Name
			rows = append(rows, paramRow{Param: p, Path: path})
			t := p.Type
			for t != nil && (t.Kind == model.List || t.Kind == model.Map) {
				if t.Kind == model.List {
					path += "[]"
				} else {
					path += ".*"
				}
				t = t.Elem
			}
			if t != nil && t.Kind == model.Object {
				walk(path+".", t.Fields)
			}
		}
	}
	walk("", params)
	return rows
}
