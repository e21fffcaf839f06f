package mdgen

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errspec/errspec/internal/mdline"
	"github.com/errspec/errspec/internal/textsafe"
)

// markup is Markdown that renders as its maker meant: what the template
// functions return. Every other value a template prints, catalog text
// above all, is escaped as plain text first (see escapePipelines), so no
// text reaches a page unescaped, whatever the template.
type markup string

// escapeValue is the escaper errspec adds at the end of every pipeline
// that prints: markup stays as it is, anything else is written as plain
// text (see text).
func escapeValue(v any) markup {
	switch v := v.(type) {
	case markup:
		return v
	case nil:
		return ""
	case string:
		return text(v)
	}
	return text(fmt.Sprint(v))
}

// text returns plain catalog text as Markdown that renders as that very
// text, on one line: white space, newlines included, collapses to single
// spaces, and every character that Markdown or a common renderer would
// read as markup is escaped (see escapeText). A bidirectional override,
// embedding or isolate that the text leaves open is closed at its end
// (textsafe.BidiClosers), so that what the page writes after the text,
// on its line or in its cell, reads in its own order. Markup is returned
// as it is.
func text(v any) markup {
	if m, ok := v.(markup); ok {
		return m
	}
	s := strings.Join(strings.Fields(fmt.Sprint(v)), " ")
	return markup(escapeText(s+textsafe.BidiClosers(s), true))
}

// escapeText escapes text for Markdown: emphasis (* and _ other than
// inside a word), code (`), links and images ([ ]), HTML, autolinks and
// block quotes (< >), headings (#), strikethrough (~), math ($), MDX
// expressions ({ }), table cells (|), entities (&name;) and backslashes;
// at the start of a line (start), the markers of list items (-, +, and
// 1. or 1) before white space or the end), of setext headings (=) and,
// with a colon (:-), of a table's delimiter row below a paragraph line
// (or of a definition, to renderers that have definition lists). Hidden
// characters (see textsafe.Hidden) become character references, which
// render as the character while the source shows what is there. Runs of
// white space are kept as they are.
func escapeText(s string, start bool) string {
	if plain(s, start) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	digits := start // only digits since the line started
	for i, r := range s {
		if textsafe.Hidden(r) {
			fmt.Fprintf(&b, "&#x%X;", r)
			digits = false
			continue
		}
		switch r {
		case '\\', '`', '*', '[', ']', '<', '>', '#', '~', '$', '{', '}', '|':
			b.WriteByte('\\')
		case '_':
			if !(i > 0 && isWordRune(lastRune(s[:i])) && isWordRune(firstRune(s[i+1:]))) {
				b.WriteByte('\\')
			}
		case '&':
			if entityRE.MatchString(s[i:]) {
				b.WriteByte('\\')
			}
		case '-', '+', '=', ':':
			if start && i == 0 {
				b.WriteByte('\\')
			}
		case '.', ')':
			// 1. and 1) mark a list item only before white space or the
			// end of the line: 1.2.0 is a version, not an item.
			if digits && i > 0 && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t') {
				b.WriteByte('\\')
			}
		}
		digits = digits && '0' <= r && r <= '9'
		b.WriteRune(r)
	}
	return b.String()
}

// plain reports whether escapeText leaves s as it is: printable ASCII
// without a character it escapes, and at the start of a line none of -,
// +, =, : or a digit first.
func plain(s string, start bool) bool {
	if start && s != "" && strings.IndexByte("-+=:0123456789", s[0]) >= 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || special[c] {
			return false
		}
	}
	return true
}

// special marks the bytes escapeText may escape anywhere in a line.
var special = [256]bool{'\\': true, '`': true, '*': true, '[': true, ']': true, '<': true, '>': true, '#': true,
	'~': true, '$': true, '{': true, '}': true, '|': true, '_': true, '&': true}

var entityRE = regexp.MustCompile(`^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func lastRune(s string) rune  { r, _ := utf8.DecodeLastRuneInString(s); return r }
func firstRune(s string) rune { r, _ := utf8.DecodeRuneInString(s); return r }

// str returns the text a template function was given: a string as it is,
// markup as its source, anything else formatted.
func str(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case markup:
		return string(v)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// codeSpan returns s as an inline code span. The fence is one backtick
// longer than the longest run of backticks in s, and s is padded with a
// space on each side when it starts or ends with a backtick, or starts and
// ends with a space, so that it shows as written. Newlines become spaces,
// as they would in the rendered span, and hidden characters are shown as
// escapes (textsafe.Show): a code span cannot hold a character reference.
func codeSpan(v any) markup {
	s := textsafe.Show(strings.ReplaceAll(strings.ReplaceAll(str(v), "\r\n", " "), "\n", " "))
	if s == "" {
		return ""
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if s[0] == '`' || s[len(s)-1] == '`' ||
		(s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "") {
		s = " " + s + " "
	}
	return markup(fence + s + fence)
}

// longestRun returns the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	run, longest := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// cell makes Markdown safe inside a table cell: on one line, trimmed, and
// with every pipe escaped, so that it does not end the cell. GitHub
// Flavored Markdown splits a row at the pipes no backslash precedes; in a
// code span it then drops the backslash of each \|, elsewhere the \| is
// an ordinary escape. So cell escapes every pipe of a code span, and
// outside code only the pipes not escaped already (text escapes its own).
// Plain text is escaped as text first.
func cell(v any) markup {
	s := strings.TrimSpace(strings.ReplaceAll(string(escapeValue(v)), "\n", " "))
	if !strings.Contains(s, "|") {
		return markup(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i += 2
		case s[i] == '`':
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			end := mdline.ClosingRun(s, i+n, n)
			switch span := s[i+n : max(end, i+n)]; {
			case end < 0:
				end = i // no span: the run is text
				b.WriteString(s[i : i+n])
			case strings.Contains(span, `\|`):
				// A backslash before a pipe splits the row in some
				// readers of GFM and not in others, inside a code span
				// and in front of \|: write the span as text, whose
				// \\\| all of them read as a backslash and a pipe.
				if len(span) > 1 && span[0] == ' ' && span[len(span)-1] == ' ' {
					span = span[1 : len(span)-1]
				}
				b.WriteString(escapeText(span, false))
			default:
				b.WriteString(strings.ReplaceAll(s[i:end+n], "|", `\|`))
			}
			i = end + n
		case s[i] == '|':
			b.WriteString(`\|`)
			i++
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return markup(b.String())
}

// fence returns body as a fenced code block of the language lang: the
// fence is a run of backticks longer than any in body, and at least three.
// Hidden characters of body are shown as escapes (textsafe.Show); lang is
// kept only when it is a plain word.
func fence(lang, body string) markup {
	body = textsafe.Show(strings.TrimRight(strings.ReplaceAll(body, "\r\n", "\n"), "\n"))
	if !langRE.MatchString(lang) {
		lang = ""
	}
	f := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	return markup(f + lang + "\n" + body + "\n" + f)
}

var langRE = regexp.MustCompile(`^[A-Za-z0-9_+.#-]*$`)

// autolink returns a URL as a Markdown autolink, <URL>, with what an
// autolink cannot hold percent-encoded (textsafe.URL). A URL that may not
// be a live link (textsafe.LinkSafe) is shown as code. It returns "" for
// "".
func autolink(u string) markup {
	switch {
	case u == "":
		return ""
	case !textsafe.LinkSafe(u) || !strings.Contains(u, ":"):
		return codeSpan(u)
	}
	return markup("<" + textsafe.URL(u) + ">")
}

// urlRE matches an http or https URL in a text, up to a space; the
// punctuation that ends a sentence or a clause after it is not part of
// it.
var urlRE = regexp.MustCompile(`https?://[^\s<>]*[^\s<>.,;:!?'")]`)

// textLinks returns s as text does, with each http or https URL in it an
// autolink, which markdownlint takes for a link where it flags a bare URL
// (MD034): for errspec's own sentences, which quote docs URLs.
func textLinks(v any) markup {
	s := strings.Join(strings.Fields(fmt.Sprint(v)), " ")
	var b strings.Builder
	last := 0
	for _, m := range urlRE.FindAllStringIndex(s, -1) {
		b.WriteString(escapeText(s[last:m[0]], last == 0))
		b.WriteString(string(autolink(s[m[0]:m[1]])))
		last = m[1]
	}
	b.WriteString(escapeText(s[last:]+textsafe.BidiClosers(s), last == 0))
	return markup(b.String())
}
