package mdgen

import (
	"io/fs"
	"math/rand"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	gtext "github.com/yuin/goldmark/text"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth"
	"github.com/errspec/errspec/templates"
)

func TestCodeSpan(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "`plain`"},
		{"a `b` c", "``a `b` c``"},
		{"a ``b`` c", "```a ``b`` c```"},
		{"`b`", "`` `b` ``"},
		{"x`", "`` x` ``"},
		{" padded ", "`  padded  `"},
		{"   ", "`   `"},
		{"two\nlines", "`two lines`"},
		{"a | b", "`a | b`"},
		{"esc \x1b[31m \u202e", "`esc \\u001B[31m \\u202E`"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(codeSpan(tt.in))); diff != "" {
			t.Errorf("codeSpan(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestCell(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{"plain", "plain"},
		{"a | b", `a \| b`},
		{" two\r\nlines\n", "two lines"},
		{codeSpan("x|y"), "`x\\|y`"},
		{text("x|y"), `x\|y`},
		{text(`x\|y`), `x\\\|y`},
		{codeSpan(`x\|y`), `x\\\|y`},
		{markup("a `b|c` d|e"), "a `b\\|c` d\\|e"},
		{"a `b|c` d", "a \\`b\\|c\\` d"},
		{"", ""},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(cell(tt.in))); diff != "" {
			t.Errorf("cell(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{"plain words", "plain words"},
		{"two\n  lines\tand tabs", "two lines and tabs"},
		{"*a* _b_ snake_case _x", `\*a\* \_b\_ snake_case \_x`},
		{"`c` [l](u) <b> # ~ $ {x}", "\\`c\\` \\[l\\](u) \\<b\\> \\# \\~ \\$ \\{x\\}"},
		{`back\slash | pipe`, `back\\slash \| pipe`},
		{"&amp; & &#42; R&D", `\&amp; & \&\#42; R&D`},
		{"- item", `\- item`},
		{"+ item", `\+ item`},
		{"=== x", `\=== x`},
		{":--- x", `\:--- x`},
		{"a: b :-", "a: b :-"},
		{"12. item", `12\. item`},
		{"3) item", `3\) item`},
		{"7.", `7\.`},
		{"8)", `8\)`},
		{"1.1.0", "1.1.0"},
		{"2)x", "2)x"},
		{"a - b + c = d 1. e", "a - b + c = d 1. e"},
		{"rtl \u202Eevil\u202C zw\u200B\uFEFF", "rtl &#x202E;evil&#x202C; zw&#x200B;&#xFEFF;"},
		{"rtl \u202Eevil", "rtl &#x202E;evil&#x202C;"},
		{"\u2067isolate \u202Doverride", "&#x2067;isolate &#x202D;override&#x202C;&#x2069;"},
		{"esc \x1b[31m csi \u009b", "esc &#x1B;\\[31m csi &#x9B;"},
		{markup("*kept*"), "*kept*"},
		{404, "404"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(text(tt.in))); diff != "" {
			t.Errorf("text(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestTextLinks checks that the URLs of a sentence of errspec's become
// autolinks, what ends a clause after one left out of it, and that the
// rest is escaped as text escapes it.
func TestTextLinks(t *testing.T) {
	tests := []struct{ in, want string }{
		{"A was https://d.example/e#a_b, and is https://d.example/e/a_b.",
			"A was <https://d.example/e#a_b>, and is <https://d.example/e/a_b>."},
		{"https://d.example/e?x=1&y=[2] first", "<https://d.example/e?x=1&y=[2]> first"},
		{"see (https://d.example/e) or http://d.example/f; *not* a_url://x", `see (<https://d.example/e>) or <http://d.example/f>; \*not\* a_url://x`},
		{"- no url # here", `\- no url \# here`},
		{"rtl \u202Eend https://d.example/", "rtl &#x202E;end <https://d.example/>&#x202C;"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(textLinks(tt.in))); diff != "" {
			t.Errorf("textLinks(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestMarkdown(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"kept", "Some *emphasis*, **strong**, `code` and [a link](https://x \"t\").", "Some *emphasis*, **strong**, `code` and [a link](https://x \"t\")."},
		{"html", "a <b>bold</b> <!-- c --> `<b>`", "a \\<b\\>bold\\</b\\> \\<!-- c --\\> `<b>`"},
		{"html block", "<div>\n# x\n</div>", "\\<div\\>\\\n\\# x\\\n\\</div\\>"},
		{"heading", "text\n# heading\n\n  ## also\n> # quoted", "text\n\nheading\n\nalso\n\n> quoted"},
		{"heading in list items", "- # x\n1) # y", "- x\n\n1. y"},
		{"lists one after another", "- a\n+ b\n* c\n1. d\n2) e", "- a\n\n<!-- -->\n\n- b\n\n<!-- -->\n\n- c\n\n1. d\n\n<!-- -->\n\n<!-- markdownlint-disable MD029 -->\n2. e\n<!-- markdownlint-enable MD029 -->"},
		{"quote first", "> q\n\nafter", "<!-- -->\n\n> q\n\nafter"},
		{"numbers from three", "Then:\n\n3. a\n4. b", "Then:\n\n<!-- markdownlint-disable MD029 -->\n3. a\n4. b\n<!-- markdownlint-enable MD029 -->"},
		{"list of a tight list after another", "- x\n  - a\n  * b\n- y", "- x\n  - a\n  <!-- -->\n  - b\n- y"},
		{"empty items", "* 0\n  * #\n\n  0\n- -", "- 0\n\n  - <!-- -->\n\n  0\n\n<!-- -->\n\n- - <!-- -->"},
		{"rule first in a nested item", "- a\n  - ***\n- * ---", "- a\n  - <!-- -->\n    ---\n- - <!-- -->\n    ---"},
		{"white space after a hard break", "a\\\n&#9;\n1. \n1. \n\nb\\\n&#32;", "a\\\n1\\. 1.\n\nb"},
		{"hard break after a backslash", "a\\\\\\\nb\\\\\nc", "a\\\\\\\nb\\\\ c"},
		{"hard break last in emphasis", "x *a[\\\n]( )* b", "x *a*\\\nb"},
		{"not a heading", "#hashtag and #1", "\\#hashtag and \\#1"},
		{"setext", "para\n===\nmore\n---", "para\n\nmore"},
		{"rule after blank", "para\n\n---", "para\n\n---"},
		{"fence", "a\n```go\n<b> # x\n```\nb", "a\n\n```go\n<b> # x\n```\n\nb"},
		{"open fence", "a\n~~~\ncode", "a\n\n```text\ncode\n```"},
		{"fence in a list", "- item\n\n  ```\n  code", "- item\n\n  ```text\n  code\n  ```"},
		{"indented code", "para\n\n    code", "para\n\n```text\ncode\n```"},
		{"unsafe links", "[a](javascript:alert(1)) [b](JaVa\tScript:x) ![c](data:image/png,x) <vbscript:y> [d]\n\n[d]: file:///etc/passwd",
			"a (`javascript:alert(1)`) \\[b\\](JaVa Script:x) c (`data:image/png,x`) \\<vbscript:y\\> d (`file:///etc/passwd`)"},
		{"safe links", "[a](/path) [b](#x) [c](mailto:a@b) <https://x.y/(z)> www.x.org", "[a](/path) [b](#x) [c](mailto:a@b) [https://x.y/(z)](https://x.y/%28z%29) [www.x.org](http://www.x.org)"},
		{"entity link", "[a](&#106;avascript:x)", "a (`javascript:x`)"},
		{"ampersands in links", "[a](https://x.y/?a=1&amp;copy;=2&b=3) <https://x.y/?c&amp;d&e>", "[a](https://x.y/?a=1&amp;copy;=2&b=3) [https://x.y/?c\\&amp;d&e](https://x.y/?c&amp;amp;d&e)"},
		{"invisible", "a\u202Eb `c\u202Ed`", "a&#x202E;b `c\\u202Ed`&#x202C;"},
		{"escapes kept", "\\*not\\* &amp; &copy;", "\\*not\\* & ©"},
		{"list", "1. a\n2. b\n   - c", "1. a\n2. b\n   - c"},
		{"table", "| a | b |\n| :- | -: |\n| `x\\|y` | z\\|w |", "| a | b |\n| :--- | ---: |\n| `x\\|y` | z\\|w |"},
		{"trimmed", "\n\n  text  \n\n", "text"},
		{"newline references", "Evil&#10;===\n\nList&#10;- item&#13;# x", "Evil ===\n\nList - item&#xD;\\# x"},
		{"space references", "*&#32;&#32;&#32;&#32;&#32;code* ~~&#xA0;x&#9;~~", "*&#x20;    code* ~~&#xA0;x&#x20;~~"},
		{"space after a link to nowhere", "*[&#32;x]()*", "*&#x20;x*"},
		{"no bare URL", "[www.x.org]() www\\.y.org https[](#)://z.org a[]()@b.example [c@d.example](#) [www.e.org](/p)",
			"www\\.x.org www\\.y.org https\\://z.org a\\@b.example c\\@d.example [www\\.e.org](/p)"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(markdown(tt.in))); diff != "" {
			t.Errorf("%s: markdown(%q) (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

func TestTidy(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", "\n"},
		{"final newlines", "a\n\n\n", "a\n"},
		{"no final newline", "a", "a\n"},
		{"leading blank lines", "\n \n\t\n\ta\n", "\ta\n"},
		{"trailing spaces", "a  \nb\t\n", "a\nb\n"},
		{"blank runs", "a\n\n \n\t\nb\n", "a\n\nb\n"},
		{"crlf", "a\r\n\r\n\r\nb\r\n", "a\n\nb\n"},
		{"fence keeps blank runs", "```go\nx\n\n\ny\n```\n\n\nz\n", "```go\nx\n\n\ny\n```\n\nz\n"},
		{"fence in a list item", "- ```\n  x\n\n\n  ```\n\n\nz\n", "- ```\n  x\n\n\n  ```\n\nz\n"},
		{"tilde fence", "~~~~\nx\n\n\n~~~\n\n\n~~~~\n\n\nz\n", "~~~~\nx\n\n\n~~~\n\n\n~~~~\n\nz\n"},
		{"inline backticks open no fence", "```a` b\n\n\nc\n", "```a` b\n\nc\n"},
		{"table rows", "|a|  |\n| x \\| y |z\n|\n", "| a | |\n| x \\| y | z |\n|\n"},
		{"no table rows in fences", "```\n|a|  |\n```\n", "```\n|a|  |\n```\n"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(tidy(tt.in))); diff != "" {
			t.Errorf("%s: tidy(%q) (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

func TestParamRows(t *testing.T) {
	str := &model.Type{Kind: model.String, Source: "string"}
	obj := &model.Type{Kind: model.Object, Source: "object", Fields: []*model.Param{
		{Name: "group", Type: str},
		{Name: "inner", Type: &model.Type{Kind: model.Object, Source: "object", Fields: []*model.Param{{Name: "leaf", Type: str}}}},
	}}
	params := []*model.Param{
		{Name: "plain", Type: str},
		{Name: "gvk", Type: obj},
		{Name: "list", Type: &model.Type{Kind: model.List, Source: "[]object", Elem: obj}},
		{Name: "byname", Type: &model.Type{Kind: model.Map, Source: "map[string][]object",
			Elem: &model.Type{Kind: model.List, Source: "[]object", Elem: obj}}},
	}
	var got []string
	for _, r := range paramRows(params) {
		top := ""
		if r.Top {
			top = " top"
		}
		got = append(got, r.Path+" "+r.Type.Source+top)
	}
	want := []string{
		"plain string top",
		"gvk object top", "gvk.group string", "gvk.inner object", "gvk.inner.leaf string",
		"list []object top", "list[].group string", "list[].inner object", "list[].inner.leaf string",
		"byname map[string][]object top", "byname.*[].group string", "byname.*[].inner object", "byname.*[].inner.leaf string",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paramRows (-want +got):\n%s", diff)
	}
}

func TestStatus(t *testing.T) {
	for code, want := range map[int]string{404: "404 Not Found", 599: "599"} {
		if got := status(code); got != want {
			t.Errorf("status(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestFence(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"json", "{}", "```json\n{}\n```"},
		{"", "a ```` b\n", "`````\na ```` b\n`````"},
		{"x`y", "\x1b[2J", "```\n\\u001B[2J\n```"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(fence(tt.lang, tt.in))); diff != "" {
			t.Errorf("fence(%q, %q) (-want +got):\n%s", tt.lang, tt.in, diff)
		}
	}
}

// TestFuncsDocumented checks that package templates documents every
// function the templates may call.
func TestFuncsDocumented(t *testing.T) {
	src, err := os.ReadFile("../../templates/templates.go")
	if err != nil {
		t.Fatal(err)
	}
	for name := range (&renderer{}).funcs() {
		if name == escaper {
			continue // errspec's own, not for templates
		}
		if !strings.Contains(string(src), "//\t"+name+" ") {
			t.Errorf("templates/templates.go does not document the function %s", name)
		}
	}
}

// TestPlain checks that escapeText returns its argument as it is only
// where its character-by-character work would: on random strings of the
// characters it treats apart.
func TestPlain(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	chars := []string{"a", "Z", "0", "7", " ", "  ", ".", ")", "-", "+", "=", "_", "&", "&amp;", "*", "`", "[", "]",
		"<", ">", "#", "~", "$", "{", "}", "\\", "\t", "\n", "\x00", "\x7f", "é", "\u200b", "\u00a0", "\xff", ":", "|"}
	for range 100000 {
		var b strings.Builder
		for range r.Intn(10) {
			b.WriteString(chars[r.Intn(len(chars))])
		}
		s, start := b.String(), r.Intn(2) == 0
		if plain(s, start) && escapeText(s, false) != s {
			t.Fatalf("plain(%q), but escapeText writes %q", s, escapeText(s, false))
		}
	}
}

// shapeSeeds are the seeds of FuzzMarkdownShape, among them every
// input it failed on once.
var shapeSeeds = []string{
	"Evil&#10;===", "List&#10;- item", "*&#32;&#32;&#32;&#32;&#32;code*", "Code&#10;&#10;     indented",
	"- a\n- b\n\n  c", "> q\n> # h", "1. a\n   ```\n   x", "| a | b |\n| - | - |\n| c&#10;- d | e |",
	"*a* _b_ **c** ~~d~~ [e](https://x) ![f](g)", "<div>\n*x*\n</div>\n\ny", "a  \nb\\\nc",
	"- 0\n- 0\n#\n* 000000", "1. a\n\n[r]: /u\n\n2) b", "- a\n#\n* b\n#\n+ c",
	"> q", "> q\n\n> r", "+ * *", "- * ***", "* - - _ _ _", "1. - -\n2. - - a", "3. a\n4. b\n\n5) c", "- 7. a\n  8. b\n- c", "- x\n  - a\n  * b\n- y", "~~0~!~", "~~~a~~~", "* 0\n  # 00", "- a\n  ***", "- a\n  | b |\n  | - |\n- c", "- a\n  - b\n  # c", ">* ___", "> - a\n>\n>   b", "-\n- \n-\n\n- 0)\n  0", "- -\n\n  x", "1. - - -\n\n   x", "` `\n-", "* 0\n  * #\n\n  0", "\\\n&#32;:-", "1.\\(#     \n    :---", "- )x\n  - *    ---", "| - |\\\n&#9;\n1. \n1. ", "\\\n&#9;", "[](:)", "[]()", "0[)]()", "0[]())", "1[]()2. x", "[1]()\n. x", "a\n[=]()==", "0[)](#nowhere)", "0[](#nowhere))", "\\\n*[](#0)*", " *[]()*", "0[)]()", "[1]()\n. x", "a\n[=]()==", "0[)](#nowhere)", "0[)](:)",
	"~~[](#nowhere)~~", "***[](#nowhere)***", "- *[](#nowhere)*", "a\\\n*[](#nowhere)* - x", "*[&#32;x](#nowhere)*", "*[\\\n]( )*",
}

// FuzzMarkdownShape checks that markdown keeps the blocks of catalog
// Markdown as they were, in the form it writes them (see blockShape):
// nothing in a description, its character references included, opens a
// block the description did not have.
func FuzzMarkdownShape(f *testing.F) {
	for _, s := range shapeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\t' && r != '\n' }) {
			return // the loader rejects them
		}
		out := string(markdown(s))
		if got, want := blockShape(out, false), blockShape(s, true); got != want {
			t.Fatalf("markdown(%q) = %q:\nblocks %s, want %s", s, out, got, want)
		}
		// On a page, where the links to fragments no heading has are
		// their text alone.
		r := newRenderer(&model.Catalog{}, false)
		out = r.resolveFragments(string(r.markdown(s)))
		if got, want := blockShape(out, false), blockShapeOf(s, true, true); got != want {
			t.Fatalf("markdown(%q) on a page = %q:\nblocks %s, want %s", s, out, got, want)
		}
	})
}

// blockShape is the nesting of the blocks of Markdown src, in the form
// markdown writes them: every code block as one, no reference definition,
// a block that holds no text left out, as markdown leaves it out; and,
// when src is what markdown reads (in), a heading and an HTML block as
// the paragraph of their text, and when it is what markdown wrote, none
// of the comments it writes of its own.
func blockShape(src string, in bool) string {
	return blockShapeOf(src, in, false)
}

// blockShapeOf is blockShape, with the links to fragments of the page
// (#x) taken as their text alone, as a page that has no such heading
// writes them, when nowhere is set.
func blockShapeOf(src string, in, nowhere bool) string {
	source := []byte(strings.ReplaceAll(src, "\r\n", "\n"))
	var shape func(n ast.Node) string
	shape = func(n ast.Node) string {
		var parts []string
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			var s string
			switch c := c.(type) {
			case *ast.Heading, *ast.HTMLBlock:
				if !in && OwnComment(string(c.Lines().Value(source))) {
					break
				}
				if !in {
					s = c.Kind().String()
					break
				}
				if holdsText(c, source, nowhere) || c.Kind() == ast.KindHTMLBlock {
					s = "P"
				}
			case *ast.Paragraph, *ast.TextBlock:
				if holdsText(c, source, nowhere) {
					s = "P"
				}
			case *ast.FencedCodeBlock, *ast.CodeBlock:
				s = "C"
			case *ast.ThematicBreak:
				s = "HR"
			case *ast.Blockquote:
				s = "Q(" + shape(c) + ")"
			case *ast.List:
				s = "L(" + shape(c) + ")"
			case *ast.ListItem:
				s = "I(" + shape(c) + ")"
			case *east.Table:
				s = "T"
			case *ast.LinkReferenceDefinition:
			default:
				s = c.Kind().String()
			}
			if s != "" && s != "Q()" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, " ")
	}
	return shape(parser.Parse(gtext.NewReader(source)))
}

// holdsText reports whether a block (or an inline) holds text that
// markdown writes: more than white space, or a code span, a link, an
// image or raw HTML, which markdown writes whatever they hold; but a link
// to nowhere or to the top of the page (or, nowhere set, to a fragment of
// it), which markdown writes as its text.
func holdsText(n ast.Node, source []byte, nowhere bool) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Link:
			if dest := string(c.Destination); dest != "" && dest != "#" && !(nowhere && dest[0] == '#') || holdsText(c, source, nowhere) {
				return true
			}
		case *ast.CodeSpan, *ast.Image, *ast.AutoLink, *ast.RawHTML:
			return true
		case *ast.Text:
			if strings.TrimSpace(decode(c.Segment.Value(source))) != "" {
				return true
			}
		case *ast.String:
			if strings.TrimSpace(decode(c.Value)) != "" {
				return true
			}
		default:
			if holdsText(c, source, nowhere) {
				return true
			}
		}
	}
	return false
}

// TestBudgetFitsEmbedded checks that the embedded templates, run as
// template overrides are, take well within the budget of a page: a third
// of its steps and of its bytes.
func TestBudgetFitsEmbedded(t *testing.T) {
	dir := t.TempDir()
	if err := synth.Write(dir, 300); err != nil {
		t.Fatal(err)
	}
	cat, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	src, err := fs.ReadFile(templates.FS, "code.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	r := newRenderer(cat.Model, false)
	if _, err := r.parse("notice", fstest.MapFS{"code.md.tmpl": {Data: src}}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.execute(pageTemplate, cat.Model, "notice", []string{"code.md.tmpl"}); err != nil {
		t.Fatal(err)
	}
	if r.steps == 0 || r.steps > r.maxSteps/3 || r.bytes > r.maxBytes/3 {
		t.Errorf("the embedded templates take %d steps of %d and make %d bytes of %d", r.steps, r.maxSteps, r.bytes, r.maxBytes)
	}
}

func TestSentence(t *testing.T) {
	for _, tt := range []struct {
		in   any
		want string
	}{
		{"", ""},
		{"Internal error", "Internal error."},
		{"Done!", "Done!"},
		{"Why?", "Why?"},
		{"rtl \u202Eevil", "rtl &#x202E;evil&#x202C;."},
		{"zero width\u200B", "zero width&#x200B;."},
		{"ends.\u202E", "ends.&#x202E;&#x202C;"},
		{"literal &#x41;", `literal \&\#x41;`},
		{markup("**kept**"), "**kept**."},
	} {
		if got := string(sentence(tt.in)); got != tt.want {
			t.Errorf("sentence(%+q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
