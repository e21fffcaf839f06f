package mdgen_test

import (
	"bytes"
	"html"
	"net/url"
	"path"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
)

// md is the Markdown parser the tests read pages with: CommonMark and
// GitHub's extensions (tables, strikethrough, autolinks, task lists).
var md = goldmark.New(goldmark.WithExtensions(extension.GFM))

// page is a parsed Markdown page.
type page struct {
	name    string
	src     []byte
	doc     gast.Node
	anchors map[string]bool // the anchors of its headings, as GitHub derives them
	heads   []string        // the text of its headings, in order
}

func parsePage(t *testing.T, name string, src []byte) *page {
	t.Helper()
	p := &page{name: name, src: src, anchors: map[string]bool{}}
	p.doc = md.Parser().Parse(text.NewReader(src))
	gast.Walk(p.doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if h, ok := n.(*gast.Heading); ok && entering {
			txt := p.text(h)
			a := githubAnchor(txt)
			if p.anchors[a] {
				t.Errorf("%s: two headings get the anchor #%s (GitHub would suffix the second): %q", name, a, txt)
			}
			p.anchors[a] = true
			p.heads = append(p.heads, txt)
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	return p
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

var unescape = html.UnescapeString

// text returns what a node renders as, as text: its HTML without tags,
// entities decoded, white space collapsed.
func (p *page) text(n gast.Node) string {
	var b bytes.Buffer
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if err := md.Renderer().Render(&b, p.src, c); err != nil {
			panic(err)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(tagRE.ReplaceAllString(b.String(), ""))), " ")
}

// html renders the whole page.
func (p *page) html() string {
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, p.src, p.doc); err != nil {
		panic(err)
	}
	return b.String()
}

// githubAnchor returns the anchor GitHub gives a heading of that text:
// lower case (İ as i and a combining dot), spaces as hyphens, and every
// character other than letters, marks, digits, connectors (_) and -
// dropped.
func githubAnchor(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "İ", "i\u0307")) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.Nd, unicode.Nl, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// links returns the destinations of the page's links, autolinks aside.
func (p *page) links() []string {
	var out []string
	gast.Walk(p.doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if l, ok := n.(*gast.Link); ok && entering {
			out = append(out, string(l.Destination))
		}
		return gast.WalkContinue, nil
	})
	return out
}

// tables returns the page's tables, each as rows of cell texts, the header
// first.
func (p *page) tables() [][][]string {
	var out [][][]string
	gast.Walk(p.doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		tbl, ok := n.(*extast.Table)
		if !ok || !entering {
			return gast.WalkContinue, nil
		}
		var rows [][]string
		for r := tbl.FirstChild(); r != nil; r = r.NextSibling() {
			var cells []string
			for c := r.FirstChild(); c != nil; c = c.NextSibling() {
				cells = append(cells, p.text(c))
			}
			rows = append(rows, cells)
		}
		out = append(out, rows)
		return gast.WalkSkipChildren, nil
	})
	return out
}

// checkPages checks a set of pages, keyed by file name: every link
// within them reaches a page and a heading, every table row in the source
// has the cells of its header, every code fence is closed, no raw HTML
// gets through, and the text is laid out as errspec promises.
func checkPages(t *testing.T, pages map[string]*page) {
	t.Helper()
	for name, p := range pages {
		for _, dest := range p.links() {
			u, err := url.Parse(dest)
			if err != nil {
				t.Errorf("%s: link %q: %v", name, dest, err)
				continue
			}
			if u.Scheme != "" || u.Host != "" {
				continue
			}
			target := p
			if u.Path != "" {
				target = pages[path.Clean(u.Path)]
				if target == nil {
					t.Errorf("%s: link %q goes to no page", name, dest)
					continue
				}
			}
			if u.Fragment != "" && !target.anchors[u.Fragment] {
				t.Errorf("%s: link %q goes to no heading of %s", name, dest, target.name)
			}
		}
		checkTableSource(t, name, string(p.src))
		checkFences(t, name, string(p.src))
		checkLayout(t, name, string(p.src))
		gast.Walk(p.doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
			switch n := n.(type) {
			case *gast.HTMLBlock:
				var b strings.Builder
				for i := 0; i < n.Lines().Len(); i++ {
					seg := n.Lines().At(i)
					b.Write(seg.Value(p.src))
				}
				if s := b.String(); entering && !mdgen.OwnComment(s) {
					t.Errorf("%s: raw HTML gets through: %q", name, s)
				}
			case *gast.RawHTML:
				if entering {
					t.Errorf("%s: inline HTML gets through: %q", name, p.text(n.Parent()))
				}
			}
			return gast.WalkContinue, nil
		})
	}
}

// checkTableSource checks that every row of every table of the source has
// as many cells as the table's header, counting the pipes that are not
// escaped, as GitHub does.
func checkTableSource(t *testing.T, name, src string) {
	t.Helper()
	lines := strings.Split(src, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") || !delimRE.MatchString(lines[i+1]) || (i > 0 && strings.HasPrefix(lines[i-1], "|")) {
			continue
		}
		want := countCells(lines[i])
		for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			if n := countCells(lines[j]); n != want {
				t.Errorf("%s:%d: %d cells, the table's header %d:\n%s\n%s", name, j+1, n, want, lines[i], lines[j])
			}
		}
	}
}

var delimRE = regexp.MustCompile(`^\|( *:?-+:? *\|)+$`)

// countCells counts the cells of a table row written with leading and
// trailing pipes: the pipes no backslash precedes, less one. GitHub
// Flavored Markdown reads \| as a pipe within a cell whatever comes
// before the backslash, and drops that backslash.
func countCells(row string) int {
	pipes := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			pipes++
		}
	}
	return pipes - 1
}

var fenceRE = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")

// checkFences checks that every fenced code block of the source closes.
func checkFences(t *testing.T, name, src string) {
	t.Helper()
	open, at := "", 0
	for i, line := range strings.Split(src, "\n") {
		m := fenceRE.FindStringSubmatch(line)
		switch {
		case open == "" && m != nil && !(m[1][0] == '`' && strings.Contains(line[len(m[0]):], "`")):
			open, at = m[1], i+1
		case open != "" && m != nil && m[1][0] == open[0] && len(m[1]) >= len(open) && strings.TrimSpace(line[len(m[0]):]) == "":
			open = ""
		}
	}
	if open != "" {
		t.Errorf("%s:%d: the code fence %s never closes", name, at, open)
	}
}

// checkLayout checks the whitespace rules every page follows.
func checkLayout(t *testing.T, name, src string) {
	t.Helper()
	if !strings.HasSuffix(src, "\n") || strings.HasSuffix(src, "\n\n") {
		t.Errorf("%s: does not end with exactly one newline: ends with %q", name, src[max(0, len(src)-20):])
	}
	open, blanks := "", 0
	for i, line := range strings.Split(src, "\n") {
		if strings.TrimRight(line, " \t") != line {
			t.Errorf("%s:%d: trailing white space: %q", name, i+1, line)
		}
		m := fenceRE.FindStringSubmatch(line)
		switch {
		case open != "":
			if m != nil && m[1][0] == open[0] && len(m[1]) >= len(open) {
				open = ""
			}
			continue
		case m != nil:
			open = m[1]
		}
		if line == "" {
			blanks++
		} else {
			blanks = 0
		}
		if blanks == 2 {
			t.Errorf("%s:%d: a run of blank lines", name, i+1)
		}
	}
}

func around(s string, i int) string {
	return s[max(0, i-60):min(len(s), i+60)]
}

// checkDocsURLs checks that the docs URL of every code of the catalog
// lands on the code's heading: in the single layout a fragment of the
// page, in the per-code layout the code's page, whose title is the code.
func checkDocsURLs(t *testing.T, cat *model.Catalog, pages map[string]*page, single string) {
	t.Helper()
	basePath, baseQuery, _ := strings.Cut(cat.DocsBaseURL, "?")
	basePath = strings.TrimRight(basePath, "/")
	for _, c := range cat.Codes {
		if c.DocsURL == "" {
			t.Errorf("code %s has no docs URL", c.Name)
			continue
		}
		// The docs URL is the base URL, with the page in its path in the
		// per-code layout, its query, and the anchor as its fragment.
		rest, frag, _ := strings.Cut(c.DocsURL, "#")
		rest, query, _ := strings.Cut(rest, "?")
		pagePath, ok := strings.CutPrefix(rest, basePath)
		if !ok || query != baseQuery {
			t.Errorf("code %s: docs URL %s is not below %s", c.Name, c.DocsURL, cat.DocsBaseURL)
			continue
		}
		name := single
		if cat.Layout() == model.LayoutPerCode {
			name = strings.TrimSuffix(strings.TrimPrefix(pagePath, "/"), cat.Outputs.URLSuffix) + ".md"
		} else if pagePath != "" {
			t.Errorf("code %s: docs URL %s has a path below the page", c.Name, c.DocsURL)
		}
		p := pages[name]
		if p == nil {
			t.Errorf("code %s: docs URL %s names no page (%s)", c.Name, c.DocsURL, name)
			continue
		}
		if frag == "" && (len(p.heads) == 0 || githubAnchor(p.heads[0]) != c.Anchor) {
			t.Errorf("code %s: docs URL %s lands on page %s, whose title is not the code", c.Name, c.DocsURL, name)
		}
		if frag != "" && !p.anchors[frag] {
			t.Errorf("code %s: docs URL %s points at no heading of %s", c.Name, c.DocsURL, name)
		}
	}
}
