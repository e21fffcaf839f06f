package gogen

import (
	"bytes"
	"go/doc/comment"
	"strconv"
	"strings"
	"text/tabwriter"
)

// The declarations of each code, most of a large catalog's package, are
// written as text in the layout gofmt gives them, rather than built with
// jennifer and formatted: formatting them cost more than all else errspec
// does. The helpers below write the few constructs they use the way
// go/printer does; TestTextIsFormatted checks that go/format leaves the
// result as it is.

// maxOneLine is the width up to which go/printer keeps a function whose
// body is written on one line on one line: the header, from func to the
// opening brace, and the body's statements; a function declaration's
// header counts one more.
const maxOneLine = 100

// goText builds Go source.
type goText struct{ bytes.Buffer }

// line writes a line of Go.
func (g *goText) line(parts ...string) {
	for _, p := range parts {
		g.WriteString(p)
	}
	g.WriteByte('\n')
}

// topDoc writes text as the doc comment of a top-level declaration:
// go/printer reformats those, with go/doc/comment.
func (g *goText) topDoc(text string) {
	lines := commentLines(text)
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "//"), " "))
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return
	}
	var p comment.Parser
	var pr comment.Printer
	out := string(pr.Comment(p.Parse(b.String())))
	for out != "" {
		var l string
		l, out, _ = strings.Cut(out, "\n")
		switch {
		case l == "":
			g.line("//")
		case strings.HasPrefix(l, "\t"):
			g.line("//", l)
		default:
			g.line("// ", l)
		}
	}
}

// specDoc writes text as the doc comment of a spec in a declaration
// block, indented once: go/printer leaves those as they are.
func (g *goText) specDoc(text string) {
	for _, l := range commentLines(text) {
		g.line("\t", l)
	}
}

// commentLines returns text as the lines of a // comment, as doc writes
// them.
func commentLines(text string) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = commentLine(l)
	}
	return lines
}

// fieldText is a field of a struct type: a named one, with a tag and a
// comment, or, with only typ set, an embedded one.
type fieldText struct {
	name, typ, tag, comment string
}

// structType writes a struct type declaration, its fields aligned in
// columns as go/printer aligns them: it writes the cells of each line
// separated as the printer does, through a tabwriter configured as the
// printer's.
func (g *goText) structType(name string, fields []fieldText) {
	g.line("type ", name, " struct {")
	var body bytes.Buffer
	tw := tabwriter.NewWriter(&body, 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns|tabwriter.TabIndent)
	sep := "\v"
	if len(fields) == 1 {
		sep = " "
	}
	for _, f := range fields {
		line := "\t"
		switch {
		case f.name == "":
			line += f.typ
		case sep == "\v":
			line += f.name + sep + f.typ + sep + sep + f.tag
		default:
			line += f.name + sep + f.typ + sep + f.tag
		}
		if f.comment != "" {
			line += "\t" + f.comment
		}
		tw.Write([]byte(line + "\n"))
	}
	tw.Flush()
	g.Write(body.Bytes())
	g.line("}")
}

// funcDecl writes a function declaration whose header, from func to the
// opening brace, is header, with the statements body. go/printer keeps it
// on one line, as written, when it fits in maxOneLine and has few
// statements.
func (g *goText) funcDecl(header string, body ...string) {
	if oneLiner(header+" ", body) {
		if len(body) == 0 {
			g.line(header, " {}")
			return
		}
		g.line(header, " { ", strings.Join(body, "; "), " }")
		return
	}
	g.funcBlock(header, body...)
}

// funcBlock writes a function declaration on several lines.
func (g *goText) funcBlock(header string, body ...string) {
	g.line(header, " {")
	for _, s := range body {
		g.line("\t", s)
	}
	g.line("}")
}

// oneLiner reports whether go/printer keeps a function literal with this
// header and body, written on one line, on one line.
func oneLiner(header string, body []string) bool {
	if len(body) > 5 {
		return false
	}
	size := len(header)
	for i, s := range body {
		if i > 0 {
			size += 2
		}
		size += len(s)
	}
	return size <= maxOneLine && !strings.ContainsAny(header+strings.Join(body, ""), "\n\t")
}

// quote is a Go string literal.
func quote(s string) string { return strconv.Quote(s) }
