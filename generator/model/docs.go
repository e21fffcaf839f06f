package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The layouts of the Markdown reference, as a catalog names them.
const (
	LayoutSingle  = "single"   // one page
	LayoutPerCode = "per_code" // an index page and a page per code
)

// Layout returns the layout of the Markdown reference: LayoutSingle or
// LayoutPerCode.
func (c *Catalog) Layout() string {
	if c.Outputs.MarkdownDir != "" {
		return LayoutPerCode
	}
	return LayoutSingle
}

// CodePage returns the file name of a code's page in the per-code layout,
// its anchor and ".md" (missing_required_field.md), or "" in the single
// layout.
func (c *Catalog) CodePage(code *Code) string {
	if c.Outputs.MarkdownDir == "" {
		return ""
	}
	return code.Anchor + ".md"
}

// ReferenceURL returns where the reference is published: the docs base URL
// in the single layout; in the per-code layout, the URL of the index page,
// base_url/ (base_url/INDEX when code pages are linked as .md files). It is
// "" when the catalog has no docs base URL.
func (c *Catalog) ReferenceURL() string {
	switch {
	case c.DocsBaseURL == "":
		return ""
	case c.Outputs.MarkdownDir == "":
		path, query := c.splitBaseURL()
		return path + query
	case c.Outputs.URLSuffix == ".md":
		return c.pageURL(c.Outputs.MarkdownIndex)
	}
	return c.pageURL("")
}

// splitBaseURL splits the docs base URL into its path, without a trailing
// /, and its query, with its ?, or "".
func (c *Catalog) splitBaseURL() (path, query string) {
	path, q, ok := strings.Cut(c.DocsBaseURL, "?")
	if ok {
		query = "?" + q
	}
	return strings.TrimRight(path, "/"), query
}

// pageURL returns the URL of a page of the per-code layout, base_url/page,
// with the page in the path of the base URL, before its query
// (https://docs.example.com/errors/page?lang=en).
func (c *Catalog) pageURL(page string) string {
	path, query := c.splitBaseURL()
	return path + "/" + page + query
}

// SectionURL returns the URL of a heading of the single page or of the
// index page, such as a category's or a feature's, from its anchor; "" when
// the catalog has no docs base URL.
func (c *Catalog) SectionURL(anchor string) string {
	u := c.ReferenceURL()
	if u == "" {
		return ""
	}
	return u + "#" + anchor
}

// codeURL returns a code's docs URL: base_url#ANCHOR in the single layout,
// base_url/ANCHOR + url_suffix in the per-code layout; "" without a docs
// base URL.
func (c *Catalog) codeURL(code *Code) string {
	if c.DocsBaseURL == "" {
		return ""
	}
	if c.Outputs.MarkdownDir == "" {
		return c.ReferenceURL() + "#" + code.Anchor
	}
	return c.pageURL(code.Anchor + c.Outputs.URLSuffix)
}

// TitleTaken is the problem of a title whose anchor another heading of
// its page has, heading being that heading's text: GitHub gives the later
// heading the anchor with -1, so every link to it opens the top of the
// page.
func (c *Catalog) TitleTaken(heading string) *Error {
	return &Error{Path: []string{"title"}, Fix: c.retitle(),
		Msg: fmt.Sprintf("the title %q has the anchor #%s, which the heading %q of its page has", c.Title, c.TitleAnchor(), heading)}
}

// TitleAnchor returns the anchor of the heading the title gives the single
// page and the index page. That heading shows the title as the reference
// shows all plain text, its runs of white space (a newline, a no-break
// space) as one space and none at either end: the anchor of " Pay" is
// #pay, and that of "Retry  strategy" #retry-strategy.
func (c *Catalog) TitleAnchor() string {
	return Anchor(strings.Join(strings.Fields(c.Title), " "))
}

// retitle is the fix of a title that takes another heading's anchor.
func (c *Catalog) retitle() string {
	return "give the catalog a title of its own, such as title: " + strconv.Quote(c.Title+" errors")
}

// ReplacedBy returns the deprecated codes whose replacement is code,
// sorted by name.
func (c *Catalog) ReplacedBy(code *Code) []*Code {
	if c.indexed {
		return code.replaces
	}
	var out []*Code
	for _, d := range c.Codes {
		if d.Deprecated != nil && d.Deprecated.Use == code {
			out = append(out, d)
		}
	}
	return out
}

// Subcategories returns the categories whose parent is cat, sorted by name.
func (c *Catalog) Subcategories(cat *Category) []*Category {
	var out []*Category
	for _, s := range c.Categories {
		if s.Parent == cat {
			out = append(out, s)
		}
	}
	return out
}

// CodesUnder returns the codes of cat and of every category below it,
// sorted by name: the codes errors.Is matches against cat.
func (c *Catalog) CodesUnder(cat *Category) []*Code {
	if c.indexed {
		return cat.under
	}
	var out []*Code
	for _, code := range c.Codes {
		for p := code.Category; p != nil; p = p.Parent {
			if p == cat {
				out = append(out, code)
				break
			}
		}
	}
	return out
}

// RoleOf returns the role a code plays for a generated helper, or "".
func (c *Catalog) RoleOf(code *Code) Role {
	for _, r := range AllRoles {
		if c.Roles[r] == code {
			return r
		}
	}
	return ""
}

// GatingFeature returns the feature that gates an action of a tool, either
// the action itself (tool:action) or the whole tool, or nil. action may be
// "" for the tool as a whole.
func (c *Catalog) GatingFeature(tool, action string) *Feature {
	var whole *Feature
	for _, f := range c.Features {
		for _, r := range f.Tools {
			switch {
			case r.Tool != tool:
			case action != "" && r.Action == action:
				return f
			case r.Action == "":
				whole = f
			}
		}
	}
	return whole
}

// KeyPath writes the keys that lead to a value of a JSON object, such as
// an envelope's FieldPath, as every output names the place: joined with
// dots, and a key that is empty or holds a dot, white space, a quote, a
// backslash or a character that does not print written as a Go string,
// so that {"error.code": ...} and {error: {code: ...}} read apart.
func KeyPath(keys []string) string {
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('.')
		}
		if k == "" || strings.ContainsFunc(k, quotedInKeyPath) {
			b.WriteString(strconv.Quote(k))
		} else {
			b.WriteString(k)
		}
	}
	return b.String()
}

// quotedInKeyPath reports whether a key that holds r is quoted in a
// KeyPath.
func quotedInKeyPath(r rune) bool {
	return r == '.' || r == '"' || r == '\\' || unicode.IsSpace(r) || !strconv.IsPrint(r)
}

// FieldPath returns the keys that lead to where the envelope places a
// field, such as ["error", "message"], or nil when it does not place it.
func (e *Envelope) FieldPath(f Field) []string {
	var out []string
	e.Root.Walk(func(path []string, m *Member) {
		if out == nil && m.Kind == KindField && m.Field == f {
			out = slices.Clone(path)
		}
	})
	return out
}

// ParamPath returns the keys that lead to where the envelope places a
// param of that name: its own place ("$params.NAME"), else the params
// object ("$params") followed by the name, else the object that spreads
// the params followed by the name. It returns nil when the envelope has no
// place for it.
func (e *Envelope) ParamPath(name string) []string {
	var own, all []string
	found := false
	e.Root.Walk(func(path []string, m *Member) {
		switch m.Kind {
		case KindParam:
			if m.Param == name && own == nil {
				own = slices.Clone(path)
			}
		case KindParams:
			if !found {
				all, found = append(slices.Clone(path), name), true
			}
		case KindSpread:
			if !found {
				all, found = append(slices.Clone(path[:len(path)-1]), name), true
			}
		}
	})
	if own != nil {
		return own
	}
	return all
}
