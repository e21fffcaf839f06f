package mdgen

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// text returns plain catalog text as Markdown that renders as that very
// text, on one line: white space, newlines included, collapses to single
// spaces, and every character that Markdown or a common renderer would
// read as markup is escaped with a backslash. That covers emphasis (* and
// _ other than inside a word), code (`), links and images ([ ]), HTML and
// block quotes (< >), headings (#), strikethrough (~), math ($), MDX
// expressions ({ }), entities (&name;) and, at the start, list items (-, +,
// 1.) and setext underlines (=), and | so that no run of text can make a
// table row. Invisible characters become character references.
func text(s string) string {
	if plain(s) {
		return s
	}
	return escapeText(s)
}

// escapeText is text, character by character.
func escapeText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for i, r := range s {
		if invisible(r) {
			fmt.Fprintf(&b, "&#x%X;", r)
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
		case '-', '+', '=':
			if i == 0 {
				b.WriteByte('\\')
			}
		case '.', ')':
			if isDigits(s[:i]) && i > 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// plain reports whether text leaves s as it is: printable ASCII with
// single spaces between words, none of the characters text escapes, and
// no digit, -, + or = at the start.
func plain(s string) bool {
	if s == "" {
		return true
	}
	if c := s[0]; c == ' ' || c == '-' || c == '+' || c == '=' || isDigit(c) || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '`', '*', '[', ']', '<', '>', '#', '~', '$', '{', '}', '|', '_', '&':
			return false
		case ' ':
			if s[i+1] == ' ' {
				return false
			}
		default:
			if c < ' ' || c > '~' {
				return false
			}
		}
	}
	return true
}

// invisible reports whether r is a control or format character: one that
// shows nothing, or reorders or hides the text around it (bidirectional
// overrides, zero-width spaces, the byte order mark). Outside code, text
// and markdown write these as numeric character references, which render
// as the character itself while the source shows what is there.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || (unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r')
}

var entityRE = regexp.MustCompile(`^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func lastRune(s string) rune  { r, _ := utf8.DecodeLastRuneInString(s); return r }
func firstRune(s string) rune { r, _ := utf8.DecodeRuneInString(s); return r }

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// codeSpan returns s as an inline code span. The fence is one backtick
// longer than the longest run of backticks in s, and s is padded with a
// space on each side when it starts or ends with a backtick, or starts and
// ends with a space, so that it shows as written. Newlines become spaces,
// as they would in the rendered span; a line break could otherwise end the
// span's paragraph early.
func codeSpan(s string) string {
	s = oneLine(s)
	if s == "" {
		return ""
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if s[0] == '`' || s[len(s)-1] == '`' ||
		(s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "") {
		s = " " + s + " "
	}
	return fence + s + fence
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
func cell(s string) string {
	if !strings.Contains(s, "|") {
		return inline(s) // what escapeCell leaves of it
	}
	return escapeCell(s)
}

// escapeCell is cell, piece by piece.
func escapeCell(s string) string {
	return outsideCode(inline(s),
		func(span string) string { return strings.ReplaceAll(span, "|", `\|`) },
		func(s string) (string, int) {
			if s[0] == '|' {
				return `\|`, 1
			}
			return s[:1], 1
		})
}

// outsideCode rewrites Markdown s piece by piece: a backslash escape is
// kept as it is, a code span (its backtick fences included) goes through
// code, and anything else through text, which returns what to write for
// the start of its argument and how many bytes of it that replaces.
func outsideCode(s string, code func(span string) string, text func(rest string) (string, int)) string {
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
			end := closingRun(s, i+n, n)
			if end < 0 {
				b.WriteString(s[i : i+n])
				i += n
				continue
			}
			b.WriteString(s[i : i+n])
			b.WriteString(code(s[i+n : end]))
			b.WriteString(s[end : end+n])
			i = end + n
		default:
			out, n := text(s[i:])
			b.WriteString(out)
			i += n
		}
	}
	return b.String()
}

// inline returns s on one line, trimmed.
func inline(s string) string {
	return strings.TrimSpace(oneLine(s))
}

// oneLine replaces each line break of s with a space.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\n", " ")
}

// fence returns body as a fenced code block of the language lang: the
// fence is a run of backticks longer than any in body, and at least three.
func fence(lang, body string) string {
	body = strings.TrimRight(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	f := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	return f + lang + "\n" + body + "\n" + f
}

// autolink returns a URL as a Markdown autolink, <URL>, with the
// characters an autolink cannot hold percent-encoded. It returns "" for "".
func autolink(u string) string {
	if u == "" {
		return ""
	}
	return "<" + autolinkEscaper.Replace(u) + ">"
}

var autolinkEscaper = strings.NewReplacer(" ", "%20", "<", "%3C", ">", "%3E", "\n", "", "\r", "")

// linkDest returns a URL or path for a link destination, (DEST): spaces,
// parentheses and angle brackets are percent-encoded.
func linkDest(u string) string {
	return linkDestEscaper.Replace(u)
}

var linkDestEscaper = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E", "\n", "", "\r", "")

// markdown returns catalog Markdown (a description) safe to place between
// the blocks of a page: it keeps emphasis, code, links, lists and fenced
// code, but no raw HTML gets through (< outside code is escaped), no line
// starts a heading (an ATX # or a setext underline is escaped), invisible
// characters outside code are written as character references, fenced
// code blocks stand apart from the text around them, one left open is
// closed, and the text is trimmed.
func markdown(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	var out []string
	var open string // the fence of the code block we are in, or ""
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, escapeHTML(strings.Join(para, "\n")))
			para = nil
		}
	}
	blankBefore := func() { // a fence stands apart from the text around it
		if len(out) > 0 && out[len(out)-1] != "" {
			out = append(out, "")
		}
	}
	for _, line := range lines {
		if open != "" {
			out = append(out, line)
			if closesFence(line, open) {
				open = ""
				out = append(out, "")
			}
			continue
		}
		if f := openingFence(line); f != "" {
			flush()
			blankBefore()
			open = f
			out = append(out, line)
			continue
		}
		switch {
		case strings.TrimSpace(line) == "":
			flush()
			out = append(out, "")
			continue
		case strings.Contains(line, "#") && atxRE.MatchString(line):
			line = strings.Replace(line, "#", `\#`, 1)
		case len(para) > 0 && strings.ContainsAny(line, "=-") && setextRE.MatchString(line):
			t := strings.TrimLeft(line, " ")
			line = line[:len(line)-len(t)] + `\` + t
		}
		para = append(para, line)
	}
	flush()
	if open != "" {
		out = append(out, open)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

var (
	atxRE    = regexp.MustCompile(`^ {0,3}(>\s*)*#{1,6}(\s|$)`)
	setextRE = regexp.MustCompile(`^ {0,3}(=+|-+)\s*$`)
)

// escapeHTML escapes every < of a run of Markdown lines outside code
// spans, so that no HTML tag, comment or autolink-like tag is read, and
// writes invisible characters there as character references.
func escapeHTML(s string) string {
	if !needsEscapeHTML(s) {
		return s
	}
	return escapeHTMLPieces(s)
}

// escapeHTMLPieces is escapeHTML, piece by piece.
func escapeHTMLPieces(s string) string {
	return outsideCode(s, func(span string) string { return span }, func(s string) (string, int) {
		if s[0] == '<' {
			return `\<`, 1
		}
		r, n := utf8.DecodeRuneInString(s)
		if invisible(r) {
			return fmt.Sprintf("&#x%X;", r), n
		}
		return s[:n], n
	})
}

// needsEscapeHTML reports whether escapeHTML may change s: whether it has
// a < or a character other than printable ASCII, tab and line breaks.
func needsEscapeHTML(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '<' || c > '~' || c < ' ' && c != '\t' && c != '\n' && c != '\r' {
			return true
		}
	}
	return false
}

// closingRun returns the index of the next run of exactly n backticks in
// s from index from, or -1.
func closingRun[S ~string | ~[]byte](s S, from, n int) int {
	for i := from; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '`' {
			j++
		}
		if j-i == n {
			return i
		}
		i = j
	}
	return -1
}
