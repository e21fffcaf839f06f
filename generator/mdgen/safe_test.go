package mdgen_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	gast "github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/errspec/errspec/generator/catalogjson"
	"github.com/errspec/errspec/generator/explain"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

// texts are the texts a catalog of safeCatalog holds: a line for titles
// and names, Markdown for descriptions and docs, and raw text for what the
// catalog cannot hold text of its own in (example values, envelope
// constants, required arguments, URLs).
type texts struct{ line, doc, raw string }

// safeCatalog builds a catalog with t in every text field: the Nth use of
// a text gets " N" after it, so that no two fields are the same.
func safeCatalog(t texts) (*model.Catalog, error) {
	return model.Build(safeInput(t))
}

// safeInput is the input of safeCatalog.
func safeInput(t texts) *model.Input {
	n := 0
	next := func(s string) string { n++; return fmt.Sprintf("%s %d", s, n) }
	line, doc := func() string { return next(t.line) }, func() string { return next(t.doc) }
	braces := strings.NewReplacer("{", "{{", "}", "}}")
	tmpl := func() string { return braces.Replace(next(t.line)) + " {value}" }
	rawJSON := func() json.RawMessage { b, _ := json.Marshal(next(t.raw)); return b }
	urlPath := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || strings.ContainsRune(`"<>\^`+"`{|}#", r) {
			return -1
		}
		return r
	}, t.raw)
	type req = struct {
		Required []string `json:"required"`
	}
	constant, _ := json.Marshal(t.raw)
	in := &model.Input{
		Name:        "safe",
		Title:       line(),
		Description: doc(),
		Docs:        model.InputDocs{BaseURL: "https://docs.example.com/" + urlPath},
		Envelope:    []byte(`{"code": "$code", "message": "$message", "detail": "$detail", "suggestion": "$suggestion", "docs_url": "$docs_url", "note": ` + string(constant) + `, "params": "$params"}`),
		Tiers:       []string{"Free", "Pro"},
		UpgradeURL:  "https://example.com/" + urlPath,
		Categories: model.Ordered[model.InputCategory]{
			{Key: "base", Value: model.InputCategory{Description: doc()}},
			{Key: "child", Value: model.InputCategory{Description: doc(), Parent: "base"}},
		},
		Features: model.Ordered[model.InputFeature]{{Key: "gated", Value: model.InputFeature{
			Name: line(), Tier: "Pro", Tools: []string{"tool:write"},
			Alternatives: []model.InputAlternative{{Action: line(), Description: doc(), AvailableOn: "Free"}},
			DocsURL:      "https://example.com/f/" + urlPath,
		}}},
		Tools: model.Ordered[model.InputTool]{{Key: "tool", Value: model.InputTool{Description: doc(), Actions: model.Ordered[req]{
			{Key: "write", Value: req{Required: []string{next(t.raw)}}},
		}}}},
		Roles: model.Ordered[string]{{Key: "tier_restricted", Value: "TIER"}},
		Codes: model.Ordered[model.InputCode]{
			{Key: "TEXT", Value: model.InputCode{
				Category: "child", Title: line(), Description: doc(),
				Message: tmpl(), Detail: tmpl(), Suggestion: tmpl(),
				Params: model.Ordered[model.InputParam]{
					{Key: "value", Value: model.InputParam{Type: "string", Doc: doc()}},
					{Key: "items", Value: model.InputParam{Type: "[]object", Optional: true, Doc: doc(), Fields: model.Ordered[model.InputParam]{
						{Key: "field", Value: model.InputParam{Type: "string", Doc: doc()}},
					}}},
				},
				Examples: []model.InputExample{{
					Params: model.Ordered[json.RawMessage]{{Key: "value", Value: rawJSON()}},
					Detail: line(),
					JSON:   []byte(`{"code": "TEXT", "message": ` + string(rawJSON()) + `, "note": ` + string(constant) + `}`),
				}},
				Deprecated: &model.InputDeprecation{Since: line(), Use: "TIER"},
			}},
			{Key: "TIER", Value: model.InputCode{
				Category: "base", Title: line(), Message: "{feature_name} needs {tier_required}",
				Params: model.Ordered[model.InputParam]{
					{Key: "feature_name", Value: model.InputParam{Type: "string", Doc: doc()}},
					{Key: "tier_required", Value: model.InputParam{Type: "tier", Doc: doc()}},
					{Key: "alternatives", Value: model.InputParam{Type: "[]object", Optional: true, Doc: doc(), Fields: model.Ordered[model.InputParam]{
						{Key: "action", Value: model.InputParam{Type: "string"}},
					}}},
				},
			}},
		},
	}
	return in
}

// shape is what a page is made of, less its text: its headings, the
// destinations of its links, its code blocks and the sizes of its tables.
type shape struct {
	headings []string // level and, past the title, text
	links    []string
	code     int
	tables   []string // rows x columns
	html     []string // raw HTML other than errspec's comments
}

func shapeOf(src []byte) shape {
	var s shape
	p := &page{src: src, doc: md.Parser().Parse(text.NewReader(src))}
	gast.Walk(p.doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *gast.Heading:
			h := strings.Repeat("#", n.Level)
			if len(s.headings) > 0 {
				h += " " + p.text(n)
			}
			s.headings = append(s.headings, h)
		case *gast.Link:
			s.links = append(s.links, string(n.Destination))
		case *gast.Image:
			s.links = append(s.links, string(n.Destination))
		case *gast.AutoLink:
			s.links = append(s.links, string(n.URL(src)))
		case *gast.FencedCodeBlock, *gast.CodeBlock:
			s.code++
		case *extast.Table:
			rows := 0
			for r := n.FirstChild(); r != nil; r = r.NextSibling() {
				rows++
			}
			s.tables = append(s.tables, fmt.Sprintf("%dx%d", rows, len(n.Alignments)))
		case *gast.RawHTML:
			s.html = append(s.html, p.text(n.Parent()))
		case *gast.HTMLBlock:
			var b strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				b.Write(seg.Value(src))
			}
			if t := b.String(); !mdgen.OwnComment(t) {
				s.html = append(s.html, t)
			}
		}
		return gast.WalkContinue, nil
	})
	return s
}

// descriptionsShape is the shape the catalog's Markdown descriptions add
// to a page: the links, code blocks and tables of each, written by
// errspec alone.
func descriptionsShape(t *testing.T, cat *model.Catalog) shape {
	var s shape
	descs := []string{cat.Description}
	for _, c := range cat.Codes {
		descs = append(descs, c.Description)
	}
	for _, d := range descs {
		if d == "" {
			continue
		}
		out, err := mdgen.Render(&model.Catalog{Name: "d", Title: "d", Description: d}, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		one := shapeOf(out)
		s.links = append(s.links, one.links...)
		s.code += one.code
		s.tables = append(s.tables, one.tables...)
	}
	return s
}

// checkSafe renders the catalog of t in every text output errspec writes
// and checks that the text is neutralised: the Markdown has the shape of
// the same catalog with plain text, plus what its descriptions bring of
// their own (links errspec lets live, code blocks, tables), and no
// heading, no HTML and no live link of theirs; the catalog JSON holds
// every text exactly; llms.txt holds every line of text on its line; and
// nothing of it reaches a terminal as a control or format character.
// It reports whether errspec accepts the catalog.
func checkSafe(t *testing.T, tx texts) bool {
	t.Helper()
	cat, err := safeCatalog(tx)
	if err != nil {
		return false // a catalog errspec rejects
	}
	plain, err := safeCatalog(texts{"Plain line", "Plain doc.", "plain"})
	if err != nil {
		t.Fatalf("the plain catalog: %v", err)
	}
	out, err := mdgen.Render(cat, "Code generated by errspec from catalog safe. DO NOT EDIT.", nil)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	want, err := mdgen.Render(plain, "Code generated by errspec from catalog safe. DO NOT EDIT.", nil)
	if err != nil {
		t.Fatalf("Render plain: %v", err)
	}
	got, base, desc := shapeOf(out), shapeOf(want), descriptionsShape(t, cat)
	where := func() string { return fmt.Sprintf("texts %q:\n%s", []string{tx.line, tx.doc, tx.raw}, out) }
	if !slices.Equal(got.headings, base.headings) {
		t.Fatalf("headings %q, want %q; %s", got.headings, base.headings, where())
	}
	if len(got.html) > 0 {
		t.Fatalf("raw HTML gets through: %q; %s", got.html, where())
	}
	if got.code != base.code+desc.code {
		t.Fatalf("%d code blocks, want %d and %d of the descriptions; %s", got.code, base.code, desc.code, where())
	}
	if len(got.tables) != len(base.tables)+len(desc.tables) {
		t.Fatalf("tables %q, want %q and %q of the descriptions; %s", got.tables, base.tables, desc.tables, where())
	}
	extra := slices.Clone(got.links)
	for _, l := range base.links {
		l = strings.ReplaceAll(l, textsafe.URL("plain"), textsafe.URL(strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || strings.ContainsRune(`"<>\^`+"`{|}#", r) {
				return -1
			}
			return r
		}, tx.raw)))
		i := slices.Index(extra, l)
		if i < 0 {
			t.Fatalf("the link %q of the plain catalog is gone: links %q; %s", l, got.links, where())
		}
		extra = slices.Delete(extra, i, i+1)
	}
	for _, l := range extra {
		if scriptLink(l) {
			t.Fatalf("a live link to %q; %s", l, where())
		}
	}
	checkFences(t, "ERRORS.md", string(out))
	checkTableSource(t, "ERRORS.md", string(out))
	noHidden(t, "the Markdown", string(out))

	// The catalog JSON holds every text exactly.
	data, err := catalogjson.Render(cat, "")
	if err != nil {
		t.Fatal(err)
	}
	noHidden(t, "the catalog JSON", string(data))
	var doc catalogjson.Catalog
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	code := cat.Code("TEXT")
	for _, pair := range [][2]string{
		{doc.Title, cat.Title}, {doc.Description, cat.Description},
		{doc.Categories[0].Description, cat.Categories[0].Description},
		{doc.Codes[0].Title, code.Title}, {doc.Codes[0].Description, code.Description},
		{doc.Codes[0].Message, code.Message.Source}, {doc.Codes[0].Detail, code.Detail.Source},
		{doc.Codes[0].Suggestion, code.Suggestion.Source}, {doc.Codes[0].Params[0].Doc, code.Params[0].Doc},
		{doc.Codes[0].Deprecated.Since, code.Deprecated.Since}, {doc.Codes[0].Examples[0].Detail, code.Examples[0].Detail},
		{doc.Features[0].Name, cat.Features[0].Name}, {doc.Features[0].Alternatives[0].Action, cat.Features[0].Alternatives[0].Action},
		{doc.Features[0].Alternatives[0].Description, cat.Features[0].Alternatives[0].Description},
		{doc.Tools[0].Description, cat.Tools[0].Description}, {doc.Tools[0].Actions[0].Required[0], cat.Tools[0].Actions[0].Required[0]},
	} {
		if pair[0] != pair[1] {
			t.Fatalf("the catalog JSON holds %q, the catalog %q", pair[0], pair[1])
		}
	}

	// llms.txt holds each text on its line, white space made single
	// spaces and hidden characters shown.
	index := string(catalogjson.RenderIndex(cat, ""))
	noHidden(t, "llms.txt", index)
	for _, s := range []string{cat.Title, code.Title, cat.Features[0].Name, cat.Features[0].Alternatives[0].Action, code.Suggestion.Source} {
		if !strings.Contains(index, textsafe.OneLine(s)) {
			t.Fatalf("llms.txt lacks %q:\n%s", textsafe.OneLine(s), index)
		}
	}
	if lines := strings.Count(index, "\n"); lines != strings.Count(string(catalogjson.RenderIndex(plain, "")), "\n") {
		t.Fatalf("llms.txt has %d lines, the plain catalog's more or fewer:\n%s", lines, index)
	}

	// The terminal sees no control or format character.
	for _, c := range cat.Codes {
		noHidden(t, "explain "+c.Name, explain.Text(cat, c))
		data, err := catalogjson.Marshal(catalogjson.CodeOf(cat, c))
		if err != nil {
			t.Fatal(err)
		}
		noHidden(t, "explain --format json "+c.Name, string(data))
	}
	return true
}

// scriptLink reports whether a link to dest runs code or loads inline
// content in a browser, which ignores controls, spaces, tabs and newlines
// in it and the case of its scheme.
func scriptLink(dest string) bool {
	var b strings.Builder
	for _, r := range dest {
		if r > ' ' && !unicode.Is(unicode.Cf, r) && r != 0x7f {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	for _, scheme := range []string{"javascript:", "vbscript:", "data:", "file:"} {
		if strings.HasPrefix(b.String(), scheme) {
			return true
		}
	}
	return false
}

// noHidden fails when out holds a character that could act on a terminal
// or hide the text around it: a joiner between the letters of Persian is
// text (see textsafe.HiddenAt).
func noHidden(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if textsafe.HiddenAt(out, i) {
			t.Fatalf("%s holds %U at %d: %q", what, r, i, out[max(0, i-40):min(len(out), i+40)])
		}
	}
}

// hostileTexts are texts each of which has broken one of errspec's text
// outputs, or would break a naive one.
var hostileTexts = []string{
	"# heading", "- # heading in a list", "1) # heading in a list", "> # quoted heading", "   ### indented",
	"para\n===", "para\n---", "- item\n  ---", "<script>alert(1)</script>", "<div>\n# x\n</div>", "<!-- comment",
	"<https://x.example>", "<javascript:alert(1)>", "[x](javascript:alert(1))", "[x](JAVAscript:alert(1))",
	"[x](java\tscript:x)", "[x](&#106;avascript:x)", "![x](data:text/html,<b>)", "[x]: vbscript:msgbox\n\n[x]",
	"[x](http://ok \"title\" )", "| a | b |\n| - | - |\n| c | d |", "a | b\n- | -", "```\nopen fence",
	"- item\n\n  ```\n  fence in a list", "1. item\n   ~~~", "    indented code", "***bold italic***",
	"__under__ _x_", "~~gone~~", "&amp; &#42; &copy;", "\u202Eevil\u202C \u2066iso\u2069 zero\u200Bwidth\uFEFF",
	"\U000E0041tag", "line\u2028sep", "`code` `` `` ``", "\\", "text\\", "a  \nb", "{{braces}}", "$math$",
	strings.Repeat("long ", 500), "\x1b[31mred\x1b[0m", "\u009b2J", "\x00nul\x7f", "tab\there",
	"می\u200cتوانم a\u200cb \u200c\u200d👩\u200d💻",
	"para\r===", "para\r# heading\r<b>x</b>", "a\r\r    code\r- item", "x\f# y", "[x]\r\r[x]: javascript:alert(1)",
	"a\u0085# b", "\uFEFF# bom\uFEFFmid", "#\u0301 heading", "-\u0301 item", "＜script＞ ［x］（javascript:x） ＃ ｜",
	"[x]\u0338(javascript:alert(1))", "<javascript\u200b:alert(1)>", "&#106;avascript: &#x6A;", "a\n\n<!--\n\nhidden",
	"[^1]\n\n[^1]: javascript:alert(1)", "| a |\n|\u200b- |\n| b |", "```math\n\\href{javascript:alert(1)}{x}\n```",
	"```mermaid\nclick A \"javascript:alert(1)\"\n```", "%s %v %!d(MISSING) */ /* //go:build x", strings.Repeat("w", 5000),
}

// TestSafe checks every output with the hostile texts in every field.
func TestSafe(t *testing.T) {
	accepted := 0
	for _, s := range hostileTexts {
		for _, tx := range []texts{{s, s, s}, {"Title " + s, "Doc " + s, "raw " + s}, {"x", "a\n\n" + s + "\n\nb", s}} {
			if checkSafe(t, tx) {
				accepted++
			}
		}
	}
	if accepted < 2*len(hostileTexts) {
		t.Errorf("errspec accepts %d of the %d hostile catalogs: too few to test the outputs", accepted, 3*len(hostileTexts))
	}
	if _, err := safeCatalog(texts{"Plain line", "Plain doc.", "plain"}); err != nil {
		t.Errorf("the plain catalog: %v", err)
	}
}

// FuzzSafe checks every output with arbitrary Unicode in every text field
// (see checkSafe); CI runs it briefly.
func FuzzSafe(f *testing.F) {
	for _, s := range hostileTexts {
		f.Add(s, s, s)
	}
	f.Fuzz(func(t *testing.T, line, doc, raw string) {
		if !utf8.ValidString(line) || !utf8.ValidString(doc) || !utf8.ValidString(raw) {
			return // the loader rejects text that is not UTF-8
		}
		checkSafe(t, texts{line, doc, raw})
	})
}

// TestBidiClosed checks that a bidirectional override, embedding or
// isolate that a doc opens and leaves open (titles, names and templates
// may not: see model's checkBidi) ends with the doc's text, a plain
// text's or a paragraph's of a description: a browser showing the
// reference would otherwise reverse or reorder what the page writes
// after it up to the end of its paragraph or cell (the " (Free)" after
// an alternative's description). Every line of the page, its character
// references resolved, closes what it opens.
func TestBidiClosed(t *testing.T) {
	for _, s := range []string{"evil\u202E", "\u202Dleft \u202Bembed", "\u2067isolate", "\u2066a \u202Eb\u202C", "\u2068first strong",
		"*em \u202Eopen*", "| a\u202E | b |\n| - | - |\n| c | \u2067d |"} {
		in := safeInput(texts{"Plain line", "Doc " + s, "raw"})
		// The alternatives go on the wire: theirs may not be left open.
		in.Features[0].Value.Alternatives[0].Description = "Plain alternative."
		cat, err := model.Build(in)
		if err != nil {
			t.Fatalf("%+q: %v", s, err)
		}
		pages := map[string][]byte{}
		if pages["ERRORS.md"], err = mdgen.Render(cat, "Code generated by errspec from catalog safe. DO NOT EDIT.", nil); err != nil {
			t.Fatal(err)
		}
		cat.Outputs.Markdown, cat.Outputs.MarkdownDir, cat.Outputs.MarkdownIndex = "", "docs", "index.md"
		perCode, err := mdgen.RenderPerCode(cat, "Code generated by errspec from catalog safe. DO NOT EDIT.", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range perCode {
			pages[p.Name] = p.Data
		}
		for name, page := range pages {
			for i, line := range strings.Split(string(page), "\n") {
				shown := string(util.ResolveNumericReferences([]byte(line)))
				if open := textsafe.BidiClosers(shown); open != "" {
					t.Errorf("%+q: %s:%d leaves %+q open: %s", s, name, i+1, open, line)
				}
			}
		}
	}
}
