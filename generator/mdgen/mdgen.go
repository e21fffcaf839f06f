// Package mdgen renders the Markdown reference of a catalog from the
// templates of package templates, which a user may override by name.
//
// The reference comes in two layouts: a single page (Render), or an index
// page and one page per code (RenderPerCode), ready for a static site
// generator. Rendering is pure: the model in, the bytes out. Every anchor,
// link target and name on a page comes from the model; the template
// functions (see package templates) only escape, join, format and look up.
//
// Catalog text is safe on a page by construction: every value a template
// prints goes through one escaper that errspec adds to the end of each
// pipeline (escapePipelines), which writes anything but the markup the
// template functions return as plain text. Markdown descriptions are
// parsed and written anew (markdown), so they keep their Markdown but
// cannot open a heading, HTML, a live javascript: link or a code block
// that swallows the page.
package mdgen

import (
	"fmt"
	"io"
	"io/fs"
	"iter"
	"slices"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/mdline"
	"github.com/errspec/errspec/internal/textsafe"
	"github.com/errspec/errspec/templates"
)

// The templates errspec executes; they include the others.
const (
	pageTemplate      = "reference.md.tmpl"  // the single page
	indexPageTemplate = "index_page.md.tmpl" // the index page of the per-code layout
	codePageTemplate  = "code_page.md.tmpl"  // a code's page of the per-code layout
)

// lintComment opens every page after the notice: catalog text is written
// on one line whatever its length, and so are tables and code, so the
// line-length rule of markdownlint is off for the page.
const lintComment = "<!-- markdownlint-disable-file MD013 -->\n"

// MaxPage is the size in bytes past which a page of the reference is
// more than a Git host shows rendered: GitHub's Markdown API renders at
// most 400 KB ("This API renders Markdown text up to 400 KB in size",
// ekalinin/github-markdown-toc.go#25), a repository's front page cuts a
// README at 512,000 bytes (isaacs/github#1610), and pages past about
// 500 KB have stopped rendering in GitHub's file view under its
// rendering timeouts (github/markup#469, #1449;
// jvm-repo-rebuild/reproducible-central#80). A browser shows a page that
// size, but slowly, and a reader cannot find their way in it.
const MaxPage = 400 << 10

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
// line. The output ends with exactly one newline, and has no trailing
// spaces and no runs of blank lines outside fenced code blocks.
func Render(cat *model.Catalog, notice string, overrides fs.FS) ([]byte, error) {
	r := newRenderer(cat, false)
	overridden, err := r.parse(notice, overrides)
	if err != nil {
		return nil, err
	}
	return r.execute(pageTemplate, cat, notice, overridden)
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
	r := newRenderer(cat, true)
	overridden, err := r.parse(notice, overrides)
	if err != nil {
		return nil, err
	}
	index, err := r.execute(indexPageTemplate, cat, notice, overridden)
	if err != nil {
		return nil, err
	}
	pages := []Page{{Name: r.page, Data: index}}
	for _, code := range cat.Codes {
		r.page = cat.CodePage(code)
		data, err := r.execute(codePageTemplate, code, notice, overridden)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.page, err)
		}
		pages = append(pages, Page{Name: r.page, Data: data})
	}
	return pages, nil
}

// execute runs one page template with r and tidies its output.
func (r *renderer) execute(name string, data any, notice string, overridden []string) ([]byte, error) {
	r.budget()
	buf := &output{r: r}
	if notice != "" {
		buf.WriteString("<!-- " + notice + " -->\n")
	}
	buf.WriteString(lintComment)
	if err := r.tmpl.ExecuteTemplate(buf, name, data); err != nil {
		if len(overridden) > 0 {
			return nil, fmt.Errorf("rendering the Markdown reference (templates overridden: %s): %w", strings.Join(overridden, ", "), err)
		}
		return nil, fmt.Errorf("rendering the Markdown reference: %w", err)
	}
	page := r.resolveFragments(buf.String())
	if name != codePageTemplate {
		if h := secondHeading(page, r.cat.TitleAnchor()); h != "" {
			return nil, model.Errors{r.cat.TitleTaken(h)}
		}
	}
	if name == indexPageTemplate {
		r.index = headingAnchors(page)
	}
	return tidy(page), nil
}

// secondHeading returns the text of the second ATX heading of a page
// whose anchor is anchor, outside fenced code blocks, or "". The title of
// the reference heads the single page and the index page, and so comes
// first: a section whose heading reads the same gets another anchor.
func secondHeading(page, anchor string) string {
	seen := false
	for text := range atxHeadings(page) {
		if headingAnchor(text) != anchor {
			continue
		}
		if seen {
			return text
		}
		seen = true
	}
	return ""
}

// atxHeadings yields the text of every ATX heading of a page, outside
// fenced code blocks (see mdline.ATXHeading).
func atxHeadings(page string) iter.Seq[string] {
	return func(yield func(string) bool) {
		fence := ""
		for line := range strings.Lines(page) {
			line = strings.TrimRight(line, " \t\r\n")
			if fence != "" {
				if closesFence(line, fence) {
					fence = ""
				}
				continue
			}
			if fence = openingFence(line); fence != "" {
				continue
			}
			if text, ok := mdline.ATXHeading(line); ok && !yield(text) {
				return
			}
		}
	}
}

// headingAnchor returns the anchor of an ATX heading whose text on the
// page is src: that of the text it renders, its backslash escapes and
// character references (which errspec writes for hidden characters, as
// &#x200B;) read as the characters they stand for.
func headingAnchor(src string) string {
	if !strings.ContainsAny(src, `\&`) {
		return model.Anchor(src) // nothing to decode, as in most headings
	}
	return model.Anchor(decode([]byte(src)))
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
// with the functions of r, into r.tmpl; when no file replaces one, r.tmpl
// is a copy of the embedded templates parsed once. It returns the names
// taken from overrides, sorted.
func (r *renderer) parse(notice string, overrides fs.FS) ([]string, error) {
	if strings.ContainsAny(notice, "\r\n") || strings.Contains(notice, "-->") {
		return nil, fmt.Errorf("the generated-file notice %q must be one line without \"-->\"", notice)
	}
	names := Names()
	sources := map[string][]byte{}
	var overridden []string
	if overrides != nil {
		entries, err := fs.ReadDir(overrides, ".")
		if err != nil {
			return nil, fmt.Errorf("reading the template overrides: %w", err)
		}
		var unknown []string
		for _, e := range entries {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."):
			case !slices.Contains(names, name):
				u := fmt.Sprintf("%q", name)
				if m := model.Closest(name, names); len(m) > 0 {
					u += " (did you mean " + m[0] + "?)"
				}
				unknown = append(unknown, u)
			default:
				src, err := readTemplate(overrides, name)
				if err != nil {
					return nil, err
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
			return nil, fmt.Errorf("template override %s no template; name an override after the template it replaces: %s",
				what, strings.Join(names, ", "))
		}
	}

	if len(sources) == 0 {
		t, err := embedded()
		if err != nil {
			return nil, err
		}
		if r.tmpl, err = t.Clone(); err != nil {
			return nil, err
		}
		r.tmpl.Funcs(r.funcs())
		return overridden, nil
	}
	t, err := parseTemplates(r.budgeted(r.funcs()), sources)
	if err != nil {
		return nil, err
	}
	for _, t := range t.Templates() {
		if t.Tree != nil {
			addSteps(t.Tree.Root, t.Tree.Root.Pos)
		}
	}
	r.tmpl = t
	return overridden, nil
}

// maxTemplate is the size of the largest template override errspec
// reads, many times that of the largest embedded template.
const maxTemplate = 1 << 20

// readTemplate reads the template override name of overrides: a regular
// file (a symbolic link to one) of maxTemplate bytes at most, so that a
// named pipe, a device such as /dev/zero or a huge file cannot hang the
// run or exhaust memory.
func readTemplate(overrides fs.FS, name string) ([]byte, error) {
	info, err := fs.Stat(overrides, name)
	switch {
	case err != nil:
		return nil, fmt.Errorf("reading the template override %s: %w", name, err)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("the template override %s is a %s, not a regular file; make it a regular file", name, textsafe.FileKind(info.Mode()))
	case info.Size() > maxTemplate:
		return nil, fmt.Errorf("the template override %s has %d bytes, and a template has %d at most; write a smaller one", name, info.Size(), maxTemplate)
	}
	// Read up to one byte more than a template may have, whatever the
	// size said: a file can grow meanwhile, and one of /proc, /sys or
	// some FUSE file systems says 0 and gives more.
	f, err := overrides.Open(name)
	if err != nil {
		return nil, fmt.Errorf("reading the template override %s: %w", name, err)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, maxTemplate+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("reading the template override %s: %w", name, err)
	case len(src) > maxTemplate:
		return nil, fmt.Errorf("the template override %s has more than %d bytes, which a template has at most; write a smaller one", name, maxTemplate)
	}
	return src, nil
}

// embedded returns the embedded templates, parsed once with functions that
// stand in for a renderer's: parse gives each renderer a copy with its own.
var embedded = sync.OnceValues(func() (*template.Template, error) {
	return parseTemplates((&renderer{}).funcs(), nil)
})

// parseTemplates parses the embedded templates, each replaced by the
// source of the same name in sources when there is one, with the
// functions funcs.
func parseTemplates(funcs template.FuncMap, sources map[string][]byte) (*template.Template, error) {
	root := template.New("").Funcs(funcs)
	for _, name := range Names() {
		src, ok := sources[name]
		origin := "template override"
		if !ok {
			origin = "embedded template"
			var err error
			if src, err = fs.ReadFile(templates.FS, name); err != nil {
				return nil, err
			}
		}
		if _, err := root.New(name).Parse(string(src)); err != nil {
			return nil, fmt.Errorf("%s %s: %w", origin, name, err)
		}
	}
	for _, t := range root.Templates() {
		if t.Tree != nil {
			escapePipelines(t.Tree.Root)
		}
	}
	return root, nil
}

// escaper is the name of the function escapePipelines adds: escapeValue.
const escaper = "_errspec_escape"

// escapePipelines ends every pipeline under n that prints, {{.Title}} or
// {{code .Name}}, with the escaper, as html/template does with its own:
// what a template prints is then either markup a template function made
// or plain text escaped as text, whatever the template. A pipeline that
// only prints a constant, {{"{{"}}, is the template's own text and stays
// as it is; one that declares a variable prints nothing.
func escapePipelines(n parse.Node) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n != nil {
			for _, c := range n.Nodes {
				escapePipelines(c)
			}
		}
	case *parse.ActionNode:
		p := n.Pipe
		if len(p.Decl) > 0 || len(p.Cmds) == 1 && len(p.Cmds[0].Args) == 1 && isConstant(p.Cmds[0].Args[0]) {
			return
		}
		p.Cmds = append(p.Cmds, &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Pos,
			Args: []parse.Node{parse.NewIdentifier(escaper).SetTree(nil).SetPos(n.Pos)}})
	case *parse.IfNode:
		escapePipelines(n.List)
		escapePipelines(n.ElseList)
	case *parse.RangeNode:
		escapePipelines(n.List)
		escapePipelines(n.ElseList)
	case *parse.WithNode:
		escapePipelines(n.List)
		escapePipelines(n.ElseList)
	}
}

// isConstant reports whether a pipeline argument is a literal.
func isConstant(n parse.Node) bool {
	switch n.(type) {
	case *parse.StringNode, *parse.NumberNode, *parse.BoolNode:
		return true
	}
	return false
}
