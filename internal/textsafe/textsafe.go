// Package textsafe holds what every text output of errspec (the Markdown
// reference, the terminal, the catalog JSON, llms.txt) agrees on about
// catalog text that could act rather than show: the characters that are
// invisible or steer a terminal or the text around them, how they are
// made visible, and which URLs may become live links.
package textsafe

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Hidden reports whether r shows nothing of itself or acts on what is
// around it: a control character other than tab and newline (C0, DEL and
// C1, whose ESC and CSI start terminal escape sequences), a format
// character (bidirectional overrides and isolates, zero-width spaces and
// joiners, the byte order mark, tag characters) or a line or paragraph
// separator; and U+FFFD, which stands for bytes that are not UTF-8.
func Hidden(r rune) bool {
	switch r {
	case '\t', '\n':
		return false
	case '\u2028', '\u2029', utf8.RuneError:
		return true
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// Blank reports whether s shows nothing: it holds only white space,
// hidden characters (see Hidden) and the other characters Unicode says
// to show nothing of where they are not supported (variation selectors,
// the Hangul fillers, the combining grapheme joiner).
func Blank(s string) bool {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || Hidden(r) || unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
	}) == ""
}

// Show returns s with each hidden character (see Hidden) written as an
// escape a reader can see, \u202E or \U000E0041, as Go and JSON write
// them; bytes that are not UTF-8 become \uFFFD. Everything else is kept.
func Show(s string) string {
	i := index(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for j, r := range s[i:] {
		if HiddenAt(s, i+j) {
			b.WriteString(Escape(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ShowPath returns the path p as a message shows it: as Show does, with
// its tabs and newlines escaped too (\t, \n), since
// a path holds none that a reader may see as layout, and a newline in a
// directory's name would start a line of its own that reads as errspec's.
func ShowPath(p string) string {
	p = Show(p)
	if !strings.ContainsAny(p, "\t\n") {
		return p
	}
	return strings.NewReplacer("\t", `\t`, "\n", `\n`).Replace(p)
}

// HiddenAt reports whether the character at s[i:] is hidden (see Hidden)
// where it is, as Show shows it: a zero-width non-joiner or joiner
// between two letters of a script other than Latin (Persian writes
// می‌توانم with one, Hindi and the other scripts of India shape their
// conjuncts with them), or a joiner between two pictographs (👩‍💻), is
// part of the text, and is kept.
func HiddenAt(s string, i int) bool {
	r, n := utf8.DecodeRuneInString(s[i:])
	if !Hidden(r) {
		return false
	}
	if r != '\u200c' && r != '\u200d' || i == 0 || i+n >= len(s) {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, _ := utf8.DecodeRuneInString(s[i+n:])
	letter := func(c rune) bool { return unicode.In(c, unicode.L, unicode.M) && !unicode.Is(unicode.Latin, c) }
	picture := func(c rune) bool { return unicode.In(c, unicode.So, unicode.Sk) || c == '\ufe0f' }
	return !(letter(prev) && letter(next) || r == '\u200d' && picture(prev) && picture(next))
}

// Escape writes r as Show does.
func Escape(r rune) string {
	if r > 0xFFFF {
		return fmt.Sprintf(`\U%08X`, r)
	}
	return fmt.Sprintf(`\u%04X`, r)
}

// JSON returns JSON text with each hidden character escaped as \uXXXX, a
// character beyond U+FFFF as its UTF-16 surrogate pair: JSON reads it
// back as the same text. Hidden characters can only be in strings:
// outside them, JSON is ASCII.
func JSON(data []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if Hidden(r) {
			out = AppendJSONEscape(append(out, data[last:i]...), r)
			last = i + n
		}
		i += n
	}
	if out == nil {
		return data
	}
	return append(out, data[last:]...)
}

// AppendJSONEscape appends r to b as a JSON string escapes it: \uXXXX,
// or the \uXXXX\uXXXX of its UTF-16 surrogate pair beyond U+FFFF.
func AppendJSONEscape(b []byte, r rune) []byte {
	if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
		return fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
	}
	return fmt.Appendf(b, `\u%04x`, r)
}

// BidiClosers returns what ends the bidirectional embeddings, overrides
// and isolates that s opens and leaves open: a pop directional
// formatting character (U+202C) for each embedding (U+202A, U+202B) or
// override (U+202D, U+202E), a pop directional isolate (U+2069) for each
// isolate (U+2066 to U+2068), innermost first; "" when s closes all it
// opens. Text that follows s on the same line, written after them, reads
// in its own order: a renderer that applies the controls (a browser
// showing the reference) would otherwise reverse it, or reorder it with
// s, up to the end of the paragraph. It counts as UAX #9 does: a U+202C
// closes the innermost embedding or override unless an isolate is
// innermost, a U+2069 closes the innermost isolate and all opened within
// it, and each is ignored where it has nothing to close.
func BidiClosers(s string) string {
	open := bidiOpen(s)
	if len(open) == 0 {
		return ""
	}
	closers := make([]rune, len(open))
	for i, o := range open {
		closers[len(open)-1-i] = o.closer
	}
	return string(closers)
}

// BidiOpen returns the byte offset in s of the outermost bidirectional
// embedding, override or isolate that s leaves open (see BidiClosers),
// or -1 when it closes all it opens.
func BidiOpen(s string) int {
	if open := bidiOpen(s); len(open) > 0 {
		return open[0].at
	}
	return -1
}

// opened is a bidirectional control left open: its offset, and the
// character that closes it.
type opened struct {
	at     int
	closer rune
}

// bidiOpen returns the bidirectional controls s leaves open, outermost
// first (see BidiClosers).
func bidiOpen(s string) []opened {
	var open []opened
	isolates := 0
	for i, r := range s {
		switch r {
		case '\u202a', '\u202b', '\u202d', '\u202e':
			open = append(open, opened{i, '\u202c'})
		case '\u2066', '\u2067', '\u2068':
			open = append(open, opened{i, '\u2069'})
			isolates++
		case '\u202c':
			if n := len(open); n > 0 && open[n-1].closer == '\u202c' {
				open = open[:n-1]
			}
		case '\u2069':
			if isolates == 0 {
				break
			}
			for open[len(open)-1].closer != '\u2069' {
				open = open[:len(open)-1]
			}
			open = open[:len(open)-1]
			isolates--
		}
	}
	return open
}

// index returns the index of the first hidden character of s, or -1.
func index(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c < ' ' && c != '\t' && c != '\n' || c == 0x7f {
			for j, r := range s[i:] {
				if Hidden(r) {
					return i + j
				}
			}
			return -1
		}
	}
	return -1
}

// OneLine returns s on one line, as an index of one line per entry holds
// it: each run of white space (newlines included) becomes one space, the
// ends are trimmed, and hidden characters are shown (see Show).
func OneLine(s string) string {
	return Show(strings.Join(strings.Fields(s), " "))
}

// LinkSafe reports whether a link to u may be live on a published page:
// u has no scheme (a path, a #fragment, //host), or its scheme is http,
// https or mailto. A browser ignores leading controls and spaces and every
// tab and newline in a URL, so javascript:, vbscript:, data: and file:
// are recognised whatever hides them.
func LinkSafe(u string) bool {
	var b strings.Builder
	for _, r := range u {
		if r > ' ' && !Hidden(r) {
			b.WriteRune(r)
		}
	}
	s := b.String()
	end := strings.IndexAny(s, "/?#")
	if end < 0 {
		end = len(s)
	}
	scheme, _, ok := strings.Cut(s[:end], ":")
	if !ok {
		return true
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "mailto":
		return true
	}
	return false
}

// URL returns u ready to be a link destination or an autolink in
// Markdown: every byte that could end either or that is not printable
// ASCII (white space, controls, <, >, parentheses, quotes, backslash,
// backtick, and the bytes of other characters) is percent-encoded, which
// leaves the address it names as it was.
func URL(u string) string {
	for i := 0; i < len(u); i++ {
		if urlEscaped(u[i]) {
			return escapeURL(u, i)
		}
	}
	return u
}

func escapeURL(u string, from int) string {
	var b strings.Builder
	b.WriteString(u[:from])
	for i := from; i < len(u); i++ {
		if c := u[i]; urlEscaped(c) {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func urlEscaped(c byte) bool {
	return c <= ' ' || c >= 0x7f || strings.IndexByte(`<>()"'\`+"`", c) >= 0
}
