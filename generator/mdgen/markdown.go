package mdgen

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/errspec/errspec/internal/textsafe"
)

// parser reads catalog Markdown as GitHub does: CommonMark with tables,
// strikethrough, autolinks and task lists.
var parser = goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser()

// markdown returns catalog Markdown (a description) as Markdown that is
// safe between the blocks of a page. It is parsed, then written anew from
// what was parsed: paragraphs, emphasis, code spans, links, lists, block
// quotes, tables, rules and code blocks keep their meaning; headings
// become paragraphs, raw HTML shows as the text it is, links to
// reference definitions are written inline, a link or image whose URL may not be live
// (textsafe.LinkSafe: javascript:, data:, ...) shows its text and the URL
// as code, and all text is escaped as text is. So nothing in a
// description can open a heading, a code block or HTML on the page, or
// reach past its own blocks, and every code block it opens is closed.
func markdown(s string) markup {
	return markdownWith(s, nil)
}

// markdownWith is markdown with the links to a fragment of the page
// (#retry-strategy) handed to fragment, which returns the placeholder
// that opens such a link (see renderer.markdown); without it they are
// written as they are.
func markdownWith(s string, fragment func(frag, title string) string) markup {
	src := []byte(strings.ReplaceAll(s, "\r\n", "\n"))
	w := &mdWriter{src: src, fragment: fragment}
	out := strings.TrimSpace(w.blocks(parser.Parse(gtext.NewReader(src))))
	if strings.HasPrefix(out, ">") {
		// A block quote: the text of a paragraph that starts with > is
		// escaped.
		out = separator + "\n\n" + out
	}
	return markup(out)
}

// mdWriter writes a parsed description back as Markdown.
type mdWriter struct {
	src      []byte
	fragment func(frag, title string) string // see markdownWith
	b        strings.Builder                 // the inline content being written
	bol      bool                            // b is at the start of a line
	// seal is set where a link is written as its text alone: the text
	// next written escapes its first character (see write).
	seal bool
}

// blocks writes the block children of n, a blank line between each two
// unless n is an item of a tight list. A list right after another of its
// kind among what is written (blocks that write nothing, such as an empty
// heading, in between or not) follows separator: without it the two
// would be one. So does, in a tight item, a block that would continue
// the block above it (see interrupts): a heading written as a paragraph
// below a paragraph, a rule that would make the paragraph a heading.
func (w *mdWriter) blocks(n ast.Node) string {
	parent, ok := n.Parent().(*ast.List)
	tight := ok && parent.IsTight
	var out []string
	var last ast.Node // the block written last
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		l, isList := c.(*ast.List)
		var s string
		if isList {
			s = w.list(l)
		} else {
			s = w.block(c)
		}
		if s == "" {
			continue
		}
		prev, afterList := last.(*ast.List)
		if afterList && isList && prev.IsOrdered() == l.IsOrdered() || tight && last != nil && !interrupts(c, s) {
			out = append(out, separator)
		}
		out = append(out, s)
		last = c
	}
	if tight {
		return strings.Join(out, "\n")
	}
	return strings.Join(out, "\n\n")
}

// interrupts reports whether block n, written as s, starts a block of its
// own on the line right below another block, as CommonMark reads it,
// rather than continue a paragraph or a table above it or make it a
// heading: a code fence, a quote, or a list whose first item has
// content and, ordered, starts at 1 (or behind md029Off).
func interrupts(n ast.Node, s string) bool {
	first, _, _ := strings.Cut(s, "\n")
	switch n := n.(type) {
	case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.Blockquote:
		return true
	case *ast.List:
		if strings.HasPrefix(first, "<!--") {
			return true
		}
		return strings.Contains(first, " ") && (!n.IsOrdered() || n.Start == 1)
	}
	return false
}

// The comments markdown writes of its own. separator ends a list that
// another of its kind follows, as markdownlint advises: marking the
// second otherwise (* for -) would break its rule of one style of list a
// page (MD004). It also opens a description that opens with a block
// quote: a template may set a quote of its own right above (code.md.tmpl
// its deprecation notice), and two quotes with only a blank line between
// are one to some renderers (MD028). The other two surround an ordered
// list that starts at another number than 0 or 1, whose numbers the
// description chose and markdownlint would have start at 1 (MD029).
const (
	separator = "<!-- -->"
	md029Off  = "<!-- markdownlint-disable MD029 -->"
	md029On   = "<!-- markdownlint-enable MD029 -->"
)

// block writes a block other than a list (see blocks).
func (w *mdWriter) block(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return w.inlines(n)
	case *ast.Heading:
		return w.inlines(n) // a paragraph: the page's headings are errspec's
	case *ast.ThematicBreak:
		return "---"
	case *ast.FencedCodeBlock:
		lang := string(n.Language(w.src))
		if lang == "" || !langRE.MatchString(lang) {
			lang = "text" // markdownlint asks every fence for a language
		}
		return string(fence(lang, w.lines(n)))
	case *ast.CodeBlock:
		return string(fence("text", w.lines(n)))
	case *ast.HTMLBlock:
		lines := strings.Split(strings.TrimRight(w.lines(n), "\n"), "\n")
		if n.HasClosure() {
			lines = append(lines, string(n.ClosureLine.Value(w.src)))
		}
		for i, l := range lines {
			lines[i] = escapeText(strings.TrimSpace(l), true)
		}
		return strings.Join(lines, "\\\n")
	case *ast.Blockquote:
		return prefixLines(w.blocks(n), "> ", "> ")
	case *east.Table:
		return w.table(n)
	case *ast.LinkReferenceDefinition:
		return "" // its links are written inline
	}
	return escapeText(strings.Join(strings.Fields(w.lines(n)), " "), true)
}

// lines returns the source lines of a block.
func (w *mdWriter) lines(n ast.Node) string {
	var b strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		b.Write(seg.Value(w.src))
	}
	return b.String()
}

// prefixLines starts the first line of s with first and the others with
// rest, or with blank for an empty line.
func prefixLines(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		switch {
		case i == 0:
			lines[i] = strings.TrimRight(first+l, " ")
		case l == "":
			lines[i] = strings.TrimRight(rest, " ")
		default:
			lines[i] = rest + l
		}
	}
	return strings.Join(lines, "\n")
}

// list writes a list: items marked - or numbered from the list's start
// with ., each item's blocks indented under its marker.
func (w *mdWriter) list(n *ast.List) string {
	bullet, delim := "- ", ". "
	var items []string
	num := n.Start
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		marker := bullet
		if n.IsOrdered() {
			marker = itoa(num) + delim
			num++
		}
		body, indent := w.blocks(c), strings.Repeat(" ", len(marker))
		if body == "" {
			// CommonMark ends an empty item at the first blank line
			// below it, and some readers end the item that holds its
			// list there too: a comment gives it content.
			body = separator
		}
		item := prefixLines(body, marker, indent)
		if first, _, _ := strings.Cut(item, "\n"); thematicBreak(first) {
			// The markers of lists nested first in their items, and a
			// rule last, make a line of three dashes or more, which
			// CommonMark reads as a rule: a comment after the marker
			// holds the item's first line, its blocks start below.
			item = marker + separator + "\n" + prefixLines(body, indent, indent)
		}
		items = append(items, item)
	}
	sep := "\n\n"
	if n.IsTight {
		sep = "\n"
	}
	out := strings.Join(items, sep)
	if n.IsOrdered() && n.Start > 1 {
		// A comment on a line of its own ends neither a tight list
		// around it nor the list, and is a block of its own.
		out = md029Off + "\n" + out + "\n" + md029On
	}
	return out
}

// thematicBreak reports whether a line is a thematic break: three or more
// of one of -, * and _, with nothing but spaces and tabs between them.
func thematicBreak(line string) bool {
	var mark rune
	n := 0
	for _, r := range line {
		switch {
		case r == ' ' || r == '\t':
		case mark == 0 && (r == '-' || r == '*' || r == '_'):
			mark, n = r, 1
		case r == mark:
			n++
		default:
			return false
		}
	}
	return n >= 3
}

func itoa(n int) string {
	if n < 0 {
		n = 0
	}
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// table writes a GFM table: its header, the delimiter row with the
// columns' alignments, and its rows, each cell through cell.
func (w *mdWriter) table(n *east.Table) string {
	var rows []string
	for r := n.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []string
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, string(cell(markup(w.inlines(c)))))
		}
		for len(cells) < len(n.Alignments) {
			cells = append(cells, "")
		}
		rows = append(rows, "| "+strings.Join(cells, " | ")+" |")
		if len(rows) == 1 {
			delims := make([]string, len(n.Alignments))
			for i, a := range n.Alignments {
				delims[i] = map[east.Alignment]string{east.AlignLeft: ":---", east.AlignRight: "---:", east.AlignCenter: ":---:"}[a]
				if delims[i] == "" {
					delims[i] = "---"
				}
			}
			rows = append(rows, "| "+strings.Join(delims, " | ")+" |")
		}
	}
	return strings.Join(rows, "\n")
}

// inlines writes the inline content of a block.
func (w *mdWriter) inlines(n ast.Node) string {
	w.b.Reset()
	w.bol = true
	w.children(n)
	s := w.b.String()
	for {
		// A hard break (\ and a newline, which nothing else writes)
		// with only white space after it is dropped: a backslash last
		// in a paragraph shows as itself. So is one before links to
		// fragments of the page without text, which may be written as
		// nothing (see renderer.markdown); they stay.
		t := strings.TrimRight(s, " ")
		empty := emptyFragmentLinks.FindString(t)
		t = strings.TrimRight(t[:len(t)-len(empty)], " ")
		if !strings.HasSuffix(t, "\\\n") {
			break
		}
		s = t[:len(t)-2] + empty
	}
	s = strings.TrimSpace(s)
	if strings.Contains(s, "&#x20") {
		// A bidirectional control the text leaves open (written as a
		// character reference, see escapeText) ends with it, as the
		// paragraph or cell would end it, and as text ends those of a
		// plain text: nothing after it on the page reads reversed.
		s += escapeText(textsafe.BidiClosers(string(util.ResolveNumericReferences([]byte(s)))), false)
	}
	return s
}

// emptyFragmentLinks matches links to fragments of the page without text,
// as markdown writes them, and the white space between them, at the end
// of Markdown.
var emptyFragmentLinks = regexp.MustCompile("(?:" + fragmentStart + "[0-9]*" + fragmentMid + fragmentEnd + " *)*$")

func (w *mdWriter) children(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		w.inline(c)
	}
}

// write writes text, escaped. A tab or a newline, which text holds only
// from a character reference (&#10;), is written as the space a renderer
// shows for it: a newline would start a line of its own, which could open
// a heading, a list or a code block.
//
// After a link written as its text alone (seal), the first character is
// escaped, a digit or a space (which a backslash does not escape, and
// would show before) as a character reference, where it joins the line
// before it into the start of a block: the link's brackets no longer keep
// the text before it and the text in or after it apart, and together they
// could make what neither makes alone, 0[)]() a list item 0), [1]() and
// . x another, 1. x.
func (w *mdWriter) write(s string) {
	s = lineSpace.Replace(s)
	if w.bol {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			return
		}
	}
	if s == "" {
		w.bol = false
		return
	}
	var e string
	if w.seal && !w.bol && joins(w.b.String(), s[0]) {
		e, s = escapeByte(s[0]), s[1:]
	}
	w.seal = false
	e += escapeText(s, w.bol)
	tail := ""
	if !w.bol {
		tail = lineTail(w.b.String())
	}
	w.b.WriteString(unlink(tail, e))
	w.bol = false
}

// escapeByte escapes an ASCII character: punctuation with a backslash,
// anything else (a digit, a letter, a space, which a backslash does not
// escape and would show before) as a character reference.
func escapeByte(c byte) string {
	if c < 0x80 && unicode.IsPunct(rune(c)) || c < 0x80 && unicode.IsSymbol(rune(c)) {
		return `\` + string(c)
	}
	return fmt.Sprintf("&#x%X;", c)
}

// lineTail returns the last characters of the line Markdown b ends in,
// without the placeholders of links to fragments of the page: enough
// of them for unlink.
func lineTail(b string) string {
	t := lastLine(b[max(0, len(b)-64):])
	t = t[strings.LastIndexAny(t, fragmentStart+fragmentMid)+1:] // a placeholder cut above
	return t[max(0, len(t)-3):]
}

// lastLine returns the line Markdown b ends in, without the placeholders
// of links to fragments of the page.
func lastLine(b string) string {
	line := b[strings.LastIndexByte(b, '\n')+1:]
	if strings.ContainsAny(line, fragmentStart+fragmentMid+fragmentEnd) {
		line = placeholders.ReplaceAllString(line, "")
	}
	return line
}

// unlink returns e, escaped text written after tail on a line, with what
// would make a GFM renderer read a bare URL or e-mail address there (the
// . of www., the : of ://, an @ between the characters of an address)
// escaped. The text of a description holds none that goldmark read as
// one, but the text around a link written as its text alone (www[]().x,
// [www.x]()) joins, and what goldmark reads as text other renderers may
// not (www\.x was written www.x), which would show as a link the
// description did not have, and markdownlint reports (MD034). Where such
// a thing starts in tail and ends in e, the first character of e is
// escaped.
func unlink(tail, e string) string {
	if !strings.ContainsAny(e, ".:@") && !strings.ContainsAny(tail, ":@") {
		return e
	}
	j := tail + e
	var b strings.Builder
	first := false // escape e's first character
	start := len(tail)
	for p := 0; p < len(j); p++ {
		c, end := j[p], -1
		switch {
		case c == '.' && p >= 3 && strings.EqualFold(j[p-3:p], "www"):
			end = p
		case c == ':' && p >= 1 && isASCIILetter(j[p-1]) && strings.HasPrefix(j[p+1:], "//"):
			end = p + 2
		case c == '@' && p >= 1 && emailByte(j[p-1]) && p+1 < len(j) && emailByte(j[p+1]) && j[p+1] != '.':
			end = p + 1
		}
		if p >= start {
			if end >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		} else if end >= start {
			first = true
		}
	}
	out := b.String()
	if first && out != "" && out[0] != '\\' && out[0] != '&' {
		out = escapeByte(out[0]) + out[1:]
	}
	return out
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// emailByte reports whether c may be in an e-mail address next to its @.
func emailByte(c byte) bool {
	return isASCIILetter(c) || '0' <= c && c <= '9' || strings.IndexByte("._+-", c) >= 0
}

var lineSpace = strings.NewReplacer("\t", " ", "\n", " ")

// joins reports whether the character c, written after the Markdown b,
// could make with the line b ends in what opens a block at the start of a
// line: digits that a digit, . or ) continues into a list item's number,
// or a run of the characters of thematic breaks, setext underlines,
// headings, quotes, fences and table rows. The placeholders of links to
// fragments of the page are left out of the line: such a link may be
// written as its text alone.
func joins(b string, c byte) bool {
	line := strings.TrimLeft(lastLine(b), " ")
	if line == "" {
		return false
	}
	if strings.Trim(line, "0123456789") == "" {
		return c >= '0' && c <= '9' || c == '.' || c == ')'
	}
	const marks = "=-*_+#>`~|: "
	return strings.Trim(line, marks) == "" && strings.IndexByte(marks, c) >= 0
}

// placeholders matches the placeholders of a link to a fragment of the
// page (see renderer.markdown).
var placeholders = regexp.MustCompile(fragmentStart + "[0-9]*" + fragmentMid + "|" + fragmentEnd)

// delimited writes the children of n between two runs of a delimiter
// (emphasis, strikethrough). White space at either end of what they
// write, which text holds only from a character reference (*&#32;x*),
// is written as a character reference again: a delimiter next to white
// space delimits nothing, and "* " at the start of a line opens a list.
// The placeholders of links to fragments of the page at either end are
// looked past: such a link may be written as its text alone, and what
// the delimiters hold is what is around its text. A hard break last in
// what they hold is written after the closing run, where it breaks the
// line as well: before it, its newline would be white space that the
// closing run may not follow, and as a character reference it would
// follow the break's backslash, which escapes its & (*a\&#xA;* shows
// "&#xA;").
func (w *mdWriter) delimited(mark string, n ast.Node) {
	bol := w.bol
	w.raw(mark)
	start := w.b.Len()
	w.children(n)
	s := w.b.String()
	if strings.HasSuffix(s[start:], "\\\n") {
		s = s[:len(s)-2]
		defer func() {
			w.raw("\\\n")
			w.bol = true
		}()
	}
	if placeholders.ReplaceAllString(s[start:], "") == "" {
		// Nothing to delimit (a link to nowhere without text): no
		// delimiters, which would show as themselves, or together
		// make a rule (****) or a code fence (~~~~) at the start of
		// a line.
		w.b.Reset()
		w.b.WriteString(s[:start-len(mark)] + s[start:])
		w.bol = bol
		return
	}
	head := start + len(leadingPlaceholders.FindString(s[start:]))
	if first, size := utf8.DecodeRuneInString(s[head:]); unicode.IsSpace(first) {
		s = s[:head] + fmt.Sprintf("&#x%X;", first) + s[head+size:]
	}
	tail := len(s) - len(trailingPlaceholders.FindString(s[start:]))
	if last, size := utf8.DecodeLastRuneInString(s[:tail]); unicode.IsSpace(last) {
		s = s[:tail-size] + fmt.Sprintf("&#x%X;", last) + s[tail:]
	}
	w.b.Reset()
	w.b.WriteString(s)
	w.raw(mark)
}

// leadingPlaceholders and trailingPlaceholders match the placeholders
// at the start and at the end of Markdown.
var (
	leadingPlaceholders  = regexp.MustCompile("^(?:" + placeholders.String() + ")*")
	trailingPlaceholders = regexp.MustCompile("(?:" + placeholders.String() + ")*$")
)

// struck reports whether n is inside a strikethrough.
func struck(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*east.Strikethrough); ok {
			return true
		}
	}
	return false
}

// raw writes markup.
func (w *mdWriter) raw(s string) {
	w.b.WriteString(s)
	w.bol, w.seal = false, false
}

func (w *mdWriter) inline(n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		text, hard := n.Segment.Value(w.src), n.HardLineBreak()
		if n.SoftLineBreak() && (len(text)-len(bytes.TrimRight(text, "\\")))%2 == 1 {
			// A backslash that ends a line after escaped backslashes
			// (a\\\) is a hard break, which goldmark reads as text.
			text, hard = text[:len(text)-1], true
		}
		w.write(decode(text))
		switch {
		case hard:
			w.raw("\\\n")
			w.bol = true
		case n.SoftLineBreak() && !w.bol:
			// Nothing is written on the line yet (the text before the
			// break was white space after a hard break): a space would
			// keep what follows from being escaped as the start of a
			// line, where 1. opens a list.
			w.raw(" ")
		}
	case *ast.String:
		w.write(decode(n.Value))
	case *ast.CodeSpan:
		var b strings.Builder
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				b.Write(t.Segment.Value(w.src))
			}
		}
		w.raw(string(codeSpan(b.String())))
	case *ast.Emphasis:
		w.delimited(strings.Repeat("*", n.Level), n)
	case *east.Strikethrough:
		if struck(n) {
			// Struck twice reads as struck once, and ~~~~ at the start
			// of a line would open a code block.
			w.children(n)
		} else {
			w.delimited("~~", n)
		}
	case *ast.Link:
		w.link("", n, decode(n.Destination), decode(n.Title))
	case *ast.Image:
		w.link("!", n, decode(n.Destination), decode(n.Title))
	case *ast.AutoLink:
		u, label := string(n.URL(w.src)), string(n.Label(w.src))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(u), "mailto:") {
			u = "mailto:" + u
		}
		if textsafe.LinkSafe(u) {
			w.raw("[" + escapeText(label, false) + "](" + destination(u) + ")")
		} else {
			w.write("<" + label + ">")
		}
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			w.write(string(seg.Value(w.src)))
		}
	case *east.TaskCheckBox:
		if n.IsChecked {
			w.raw("[x] ")
		} else {
			w.raw("[ ] ")
		}
	default:
		w.children(n)
	}
}

// link writes a link, or an image with bang "!": a live one when its
// destination may be (textsafe.LinkSafe), else its text followed by the
// destination as code.
func (w *mdWriter) link(bang string, n ast.Node, dest, title string) {
	if bang == "" && (dest == "" || dest == "#") {
		// A link to nowhere, or to the top of the page, which
		// markdownlint reports as empty (MD042): its text, sealed.
		w.seal = true
		w.children(n)
		w.seal = true
		return
	}
	if bang == "" && w.fragment != nil && strings.HasPrefix(dest, "#") {
		// Where the fragment is, or whether the page has it, is known
		// once the page is written: its text between placeholders. The
		// text is escaped as where the link starts, as it is written
		// without the link when no heading has the fragment.
		w.b.WriteString(w.fragment(dest[1:], title))
		w.seal = true
		w.children(n)
		w.b.WriteString(fragmentEnd)
		w.seal = true
		return
	}
	if !textsafe.LinkSafe(dest) {
		// Its text, without the brackets that kept it apart from the
		// text before it: sealed, as above (0[)](javascript:x) would
		// write the list item 0)).
		w.seal = true
		w.children(n)
		w.raw(" (" + string(codeSpan(dest)) + ")")
		return
	}
	w.raw(bang + "[")
	w.children(n)
	w.raw("](" + destination(dest) + linkTitle(title) + ")")
}

// linkTitle returns the title of a link as it follows the destination,
// with the space before it, or "" for no title.
func linkTitle(title string) string {
	if title == "" {
		return ""
	}
	t := escapeText(strings.Join(strings.Fields(title), " "), false)
	return ` "` + strings.ReplaceAll(t, `"`, `\"`) + `"`
}

// destination returns a URL as the destination of an inline link that
// leads to that very URL: what a destination cannot hold percent-encoded
// (textsafe.URL), and the & of what would read as a character reference
// (&copy;, which a destination resolves, where an autolink does not)
// written &amp;.
func destination(u string) string {
	u = textsafe.URL(u)
	if !strings.Contains(u, "&") {
		return u
	}
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		if u[i] == '&' && entityRE.MatchString(u[i:]) {
			b.WriteString("&amp;")
		} else {
			b.WriteByte(u[i])
		}
	}
	return b.String()
}

// decode returns the text Markdown source stands for: backslash escapes
// and character references resolved, as a renderer would show it.
func decode(src []byte) string {
	var b strings.Builder
	start := 0
	flush := func(end int) {
		b.Write(util.ResolveEntityNames(util.ResolveNumericReferences(src[start:end])))
	}
	for i := 0; i+1 < len(src); i++ {
		if src[i] == '\\' && util.IsPunct(src[i+1]) {
			flush(i)
			b.WriteByte(src[i+1])
			i++
			start = i + 1
		}
	}
	flush(len(src))
	return b.String()
}
