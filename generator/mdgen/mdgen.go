// Package mdgen renders the Markdown reference of a catalog from the
// templates of package templates, which a user may override by name.
//
// The reference comes in two layouts: a single page (Render), or an index
// page and one page per code (RenderPerCode), ready for a static site
// generator. Rendering is pure: the model in, the bytes out. Every anchor,
// link target and name on a page comes from the model; the template
// functions (see package templates) only escape, join, format and look up.
// Catalog text renders as written: plain text is escaped, and Markdown
// descriptions keep their Markdown but lose raw HTML and headings.
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

// The templates errspec executes; they include the others.
const (
	pageTemplate      = "reference.md.tmpl"  // the single page
	indexPageTemplate = "index_page.md.tmpl" // the index page of the per-code layout
	codePageTemplate  = "code_page.md.tmpl"  // a code's page of the per-code layout
)

// Page is a file of the per-code layout.
type Page struct {
	Name string // the file name, such as index.md or missing_required_field.md
	Data []byte
}

// Render renders the Markdown reference of a catalog as a single page.
// notice is the generated-file notice, written as "<!-- notice -->" on the
// first line (no line is written when notice is ""). overrides, when not
// nil, is a directory (os.DirFS of the user's --templates DIR) whose files
// replace embedded templates of the same name; a file there whose name
// matches no embedded template is an error naming it and listing the valid
// names. Files whose names start with "." are ignored.
//
// Template errors, from parsing or executing, name the template file and
// line. The output ends with exactly one newline, has no trailing spaces
// and no runs of blank lines outside fenced code blocks, and its
// paragraphs and list items are wrapped at 80 columns.
func Render(cat *model.Catalog, notice string, overrides fs.FS) ([]byte, error) {
	r := &renderer{cat: cat}
	t, overridden, err := parse(r, notice, overrides)
	if err != nil {
		return nil, err
	}
	return execute(t, pageTemplate, cat, notice, overridden)
}

// RenderPerCode renders the Markdown reference of a catalog in the
// per-code layout: the index page, named by the catalog's
// Outputs.MarkdownIndex, then a page per code, named by Catalog.CodePage,
// in the order of the codes. Pages link to each other by file name. notice
// and overrides are as for Render.
func RenderPerCode(cat *model.Catalog, notice string, overrides fs.FS) ([]Page, error) {
	if cat.Layout() != model.LayoutPerCode {
		return nil, fmt.Errorf("the catalog's Markdown reference is not in the %s layout", model.LayoutPerCode)
	}
	r := &renderer{cat: cat, perCode: true, page: cat.Outputs.MarkdownIndex}
	t, overridden, err := parse(r, notice, overrides)
	if err != nil {
		return nil, err
	}
	index, err := execute(t, indexPageTemplate, cat, notice, overridden)
	if err != nil {
		return nil, err
	}
	pages := []Page{{Name: r.page, Data: index}}
	for _, c := range cat.Codes {
		r.page = cat.CodePage(c)
		data, err := execute(t, codePageTemplate, c, notice, overridden)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.page, err)
		}
		pages = append(pages, Page{Name: r.page, Data: data})
	}
	return pages, nil
}

// execute runs one page template and tidies its output.
func execute(t *template.Template, name string, data any, notice string, overridden []string) ([]byte, error) {
	var buf bytes.Buffer
	if notice != "" {
		buf.WriteString("<!-- " + notice + " -->\n")
	}
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		if len(overridden) > 0 {
			return nil, fmt.Errorf("rendering the Markdown reference (templates overridden: %s): %w", strings.Join(overridden, ", "), err)
		}
		return nil, fmt.Errorf("rendering the Markdown reference: %w", err)
	}
	return normalize([]byte(wrap(strings.ReplaceAll(buf.String(), "\r\n", "\n")))), nil
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

// parse checks the notice and parses the embedded templates, each
// replaced by the file of the same name in overrides when there is one,
// with the functions of r. It returns the names taken from overrides,
// sorted.
func parse(r *renderer, notice string, overrides fs.FS) (*template.Template, []string, error) {
	if strings.ContainsAny(notice, "\r\n") || strings.Contains(notice, "-->") {
		return nil, nil, fmt.Errorf("the generated-file notice %q must be one line without \"-->\"", notice)
	}
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

	root := template.New("").Funcs(r.funcs())
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
// table rows are written in the compact style (see tidyRow), and the text
// ends with exactly one newline. It runs after wrap, whose breaks never
// leave trailing spaces.
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
			if strings.HasPrefix(line, "|") {
				line = tidyRow(line)
			}
		} else if closesFence(line, fence) {
			fence = ""
		}
		blank = false
		out.WriteString(line + "\n")
	}
	s := strings.TrimRight(out.String(), "\n")
	return []byte(s + "\n")
}

// tidyRow writes a table row in the compact style: each cell trimmed,
// with one space on either side, and an empty cell as a single space. It
// splits cells as GitHub Flavored Markdown does, at the pipes that no
// backslash precedes.
func tidyRow(line string) string {
	var cells []string
	start := 1
	for i := 1; i < len(line); i++ {
		if line[i] == '|' && line[i-1] != '\\' {
			cells = append(cells, strings.TrimSpace(line[start:i]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(line[min(start, len(line)):]); rest != "" {
		cells = append(cells, rest) // a row without a closing pipe
	}
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		if c == "" {
			b.WriteString(" |")
			continue
		}
		b.WriteString(" " + c + " |")
	}
	return b.String()
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
