// Package mdgen renders the Markdown reference of a catalog from the
// templates of package templates, which a user may override by name.
//
// Render is pure: the model in, the bytes out. Every anchor, link target
// and name on the page comes from the model; the template functions (see
// package templates) only escape, join and format.
package mdgen

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"text/template"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/templates"
)

// pageTemplate is the template Render executes; it includes the others.
const pageTemplate = "reference.md.tmpl"

// Render renders the Markdown reference of a catalog. notice is the
// generated-file notice, written as "<!-- notice -->" on the first line
// (no line is written when notice is ""). overrides, when not nil, is a
// directory (os.DirFS of the user's --templates DIR) whose files replace
// embedded templates of the same name; a file there whose name matches no
// embedded template is an error naming it and listing the valid names.
// Files whose names start with "." are ignored.
//
// Template errors, from parsing or executing, name the template file and
// line. The output ends with exactly one newline, has no trailing spaces
// and no runs of blank lines outside fenced code blocks.
func Render(cat *model.Catalog, notice string, overrides fs.FS) ([]byte, error) {
	if strings.ContainsAny(notice, "\r\n") || strings.Contains(notice, "-->") {
		return nil, fmt.Errorf("the generated-file notice %q must be one line without \"-->\"", notice)
	}
	t, overridden, err := parse(cat, overrides)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if notice != "" {
		buf.WriteString("<!-- " + notice + " -->\n\n")
	}
	if err := t.ExecuteTemplate(&buf, pageTemplate, cat); err != nil {
		if len(overridden) > 0 {
			return nil, fmt.Errorf("rendering the Markdown reference (templates overridden: %s): %w", strings.Join(overridden, ", "), err)
		}
		return nil, fmt.Errorf("rendering the Markdown reference: %w", err)
	}
	return normalize(buf.Bytes()), nil
}

// Names returns the names of the embedded templates, sorted: the names a
// file of the --templates directory may have.
func Names() []string {
	entries, err := fs.ReadDir(templates.FS, ".")
	if err != nil {
		panic(err) // the embedded directory is always readable
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// parse parses the embedded templates, each replaced by the file of the
// same name in overrides when there is one. It returns the names taken
// from overrides, sorted.
func parse(cat *model.Catalog, overrides fs.FS) (*template.Template, []string, error) {
	names := Names()
	sources := map[string][]byte{}
	var overridden []string
	if overrides != nil {
		entries, err := fs.ReadDir(overrides, ".")
		if err != nil {
			return nil, nil, fmt.Errorf("reading the template overrides: %w", err)
		}
		var unknown []string
		for _, e := range entries {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."):
			case !slices.Contains(names, name):
				unknown = append(unknown, fmt.Sprintf("%q", name))
			default:
				src, err := fs.ReadFile(overrides, name)
				if err != nil {
					return nil, nil, fmt.Errorf("reading the template override %s: %w", name, err)
				}
				sources[name] = src
				overridden = append(overridden, name)
			}
		}
		if len(unknown) > 0 {
			what := "file " + unknown[0] + " matches"
			if len(unknown) > 1 {
				what = "files " + strings.Join(unknown, ", ") + " match"
			}
			return nil, nil, fmt.Errorf("template override %s no template; name an override after the template it replaces: %s",
				what, strings.Join(names, ", "))
		}
	}

	root := template.New("").Funcs(funcs(cat))
	for _, name := range names {
		src, ok := sources[name]
		origin := "template override"
		if !ok {
			origin = "embedded template"
			var err error
			if src, err = fs.ReadFile(templates.FS, name); err != nil {
				return nil, nil, err
			}
		}
		if _, err := root.New(name).Parse(string(src)); err != nil {
			return nil, nil, fmt.Errorf("%s %s: %w", origin, name, err)
		}
	}
	return root, overridden, nil
}

// normalize makes the executed templates' output tidy whatever their
// whitespace: CRLF becomes LF, trailing spaces and tabs go, leading blank
// lines go, a run of blank lines outside fenced code blocks becomes one,
// and the text ends with exactly one newline.
func normalize(b []byte) []byte {
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	var out strings.Builder
	var fence string // the opening fence of the code block we are in, or ""
	blank := true    // the last line written was blank, or nothing was written
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, " \t")
		if line == "" {
			if blank && fence == "" {
				continue
			}
			blank = true
			out.WriteString("\n")
			continue
		}
		if fence == "" {
			fence = openingFence(line)
		} else if closesFence(line, fence) {
			fence = ""
		}
		blank = false
		out.WriteString(line + "\n")
	}
	s := strings.TrimRight(out.String(), "\n")
	return []byte(s + "\n")
}

// openingFence returns the fence (``` or ~~~, possibly longer) a line opens
// a fenced code block with, or "".
func openingFence(line string) string {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 || len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := len(s) - len(strings.TrimLeft(s, s[:1]))
	if n < 3 || (s[0] == '`' && strings.Contains(s[n:], "`")) {
		return ""
	}
	return s[:n]
}

// closesFence reports whether line closes a fenced code block opened with
// fence.
func closesFence(line, fence string) bool {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 {
		return false
	}
	rest := strings.TrimLeft(s, fence[:1])
	return len(s)-len(rest) >= len(fence) && strings.TrimSpace(rest) == ""
}
