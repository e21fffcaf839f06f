package mdgen

import (
	"strings"
	"unicode/utf8"
)

// width is the column paragraphs and list items are filled to: the line
// length markdownlint checks by default.
const width = 80

// wrapper refills the paragraphs of a page, list items and block quotes
// included, to width columns, so that the page passes a line-length check
// and reads well as source whatever the length of the catalog's text. It
// is given the page a line at a time and hands each line of the result to
// out. Fenced code blocks, table rows, headings, HTML comments and lines
// that open with something other than text are left as they are. A
// paragraph line joins the line before it only when it is indented as
// that line's continuation and starts no block of its own, and never after
// a backslash, which makes a hard line break; so a refill changes the
// layout of the source, never what it renders.
//
// After a blank line the wrapper holds no paragraph: what it carries to
// the next line is then only its open code block and HTML comment
// (wrapState).
type wrapper struct {
	out lineWriter // receives the lines of the result, in order

	wrapState
	first  string   // the paragraph's first line, while gathering one
	rests  []string // the paragraph's lines after their prefix or indentation; empty when none is gathered
	prefix string   // the first line's prefix: list markers, quote markers, indentation
	indent string   // the prefix of the lines that continue it

	// Scratch space, reused from paragraph to paragraph.
	words  []string
	joined []byte
	inSpan []bool
	line   []byte
}

// lineWriter takes the lines a wrapper writes.
type lineWriter interface {
	// text takes a line.
	text(line string)
	// filled takes a line that a paragraph was refilled into, as text
	// does; line is reused once filled returns.
	filled(line []byte)
}

// wrapState is what a wrapper carries from one line to the next besides
// a paragraph it is gathering.
type wrapState struct {
	open    string // the fence of the code block we are in, or ""
	comment bool   // inside an HTML comment of several lines
}

// take takes the next line of the page.
func (w *wrapper) take(line string) {
	switch {
	case w.open != "":
		if closesFence(line, w.open) {
			w.open = ""
		}
	case w.comment:
		w.comment = !strings.Contains(line, "-->")
	case len(w.rests) > 0 && continues(line, w.indent) && !endsHardBreak(trimEnd(w.rests[len(w.rests)-1])):
		w.rests = append(w.rests, line[len(w.indent):])
		return
	default:
		w.flush()
		if f := openingFence(line); f != "" {
			w.open = f
			break
		}
		if t := strings.TrimLeft(line, " "); strings.HasPrefix(t, "<!--") {
			w.comment = !strings.Contains(t, "-->")
			break
		}
		if p, ok := textLine(line); ok {
			w.first, w.prefix, w.indent = line, p, continuation(p)
			w.rests = append(w.rests, line[len(p):])
			return
		}
	}
	w.out.text(line)
}

// flush writes out the paragraph being gathered, if any: the page has
// ended, or a line that does not continue it came.
func (w *wrapper) flush() {
	if len(w.rests) == 0 {
		return
	}
	if len(w.rests) == 1 {
		// A paragraph of one line that fits is that line, less its
		// trailing white space: what fill would make of it.
		line := w.first[:len(w.first)-len(w.rests[0])+len(trimEnd(w.rests[0]))]
		if utf8.RuneCountInString(line) <= width {
			w.out.text(line)
			w.rests = w.rests[:0]
			return
		}
	}
	w.words = w.words[:0]
	for _, r := range w.rests {
		w.words = appendWords(w.words, r)
	}
	w.fill(w.prefix, w.indent, w.words)
	w.rests = w.rests[:0]
}

// trimEnd returns s without its trailing spaces and tabs.
func trimEnd(s string) string {
	i := len(s)
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		i--
	}
	return s[:i]
}

// appendWords appends the words of a line to words, split at its spaces
// once its trailing white space is gone; a run of spaces gives empty
// words, which keep it as it is.
func appendWords(words []string, s string) []string {
	s = trimEnd(s)
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return append(words, s)
		}
		words = append(words, s[:i])
		s = s[i+1:]
	}
}

// listPrefix returns the length of the prefix of a line that opens list
// items or block quotes, nested ones too, with its indentation: "- ",
// "  1. ", "> - ". It is the longest run of spaces, then of list markers
// ([-+*] or one to nine digits and . or ), each followed by spaces) and
// quote markers (> and an optional space).
func listPrefix(line string) int {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	for i < len(line) {
		j := i
		switch c := line[i]; {
		case c == '>':
			j++
			if j < len(line) && line[j] == ' ' {
				j++
			}
			i = j
			continue
		case c == '-' || c == '+' || c == '*':
			j++
		case isDigit(c):
			for j < len(line) && isDigit(line[j]) {
				j++
			}
			if j-i > 9 || j == len(line) || (line[j] != '.' && line[j] != ')') {
				return i
			}
			j++
		default:
			return i
		}
		if j == len(line) || line[j] != ' ' {
			return i
		}
		for j < len(line) && line[j] == ' ' {
			j++
		}
		i = j
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// textLine reports whether a line opens a paragraph, possibly in a list
// item or a block quote, and returns its prefix.
func textLine(line string) (string, bool) {
	p := line[:listPrefix(line)]
	rest := line[len(p):]
	if strings.TrimSpace(rest) == "" || len(p)-len(strings.TrimLeft(p, " ")) >= 4 && !strings.ContainsAny(p, "-+*.)>") {
		return "", false // blank, or indented code
	}
	first, _, _ := strings.Cut(rest, " ")
	if startsBlock(first) || strings.HasPrefix(rest, " ") || isLinkDef(rest) {
		return "", false
	}
	return p, true
}

// isLinkDef reports whether s opens a link reference definition: [label]:
// with a label of at least one character and no ].
func isLinkDef(s string) bool {
	if !strings.HasPrefix(s, "[") {
		return false
	}
	end := strings.IndexByte(s, ']')
	return end > 1 && end+1 < len(s) && s[end+1] == ':'
}

// continues reports whether a line continues the paragraph whose
// continuation lines start with indent.
func continues(line, indent string) bool {
	if !strings.HasPrefix(line, indent) {
		return false
	}
	rest := line[len(indent):]
	if strings.TrimSpace(rest) == "" || strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\t") {
		return false
	}
	first, _, _ := strings.Cut(rest, " ")
	return !startsBlock(first)
}

// endsHardBreak reports whether a word ends in an odd number of
// backslashes: at the end of a line, a hard line break.
func endsHardBreak(word string) bool {
	n := len(word) - len(strings.TrimRight(word, `\`))
	return n%2 == 1
}

// spaces is indentation for continuation, sliced to the width needed.
const spaces = "                                                                "

// continuation returns the indentation of the lines that continue a line
// opening with prefix: spaces as wide as its list markers, and ">" for its
// block quotes.
func continuation(prefix string) string {
	if len(prefix) <= len(spaces) && strings.IndexByte(prefix, '>') < 0 {
		return spaces[:utf8.RuneCountInString(prefix)]
	}
	var b strings.Builder
	for _, r := range prefix {
		if r == '>' {
			b.WriteByte('>')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// startsBlock reports whether a word, first on a line, would open a block
// rather than continue a paragraph: a list item, heading, block quote,
// thematic break or setext underline, fence, HTML, table row or
// definition.
func startsBlock(word string) bool {
	if word == "" {
		return false
	}
	switch c := word[0]; c {
	case '>', '<', '|':
		return true
	case ':', '+':
		return len(word) == 1
	case '#':
		return len(word) <= 6 && all(word, '#')
	case '-', '*', '=', '_':
		return all(word, c)
	case '`':
		return strings.HasPrefix(word, "```")
	case '~':
		return strings.HasPrefix(word, "~~~")
	}
	n := 0
	for n < len(word) && isDigit(word[n]) {
		n++
	}
	return n >= 1 && n <= 9 && n == len(word)-1 && (word[n] == '.' || word[n] == ')')
}

// all reports whether every byte of s is c.
func all(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			return false
		}
	}
	return true
}

// fill lays words out in lines of at most width columns where it can, and
// emits them: the first line starts with prefix, the others with indent.
// It breaks only between words where the next line would not open a block
// and the line would not end in a hard break, and it prefers breaks
// outside code spans and link texts.
func (w *wrapper) fill(prefix, indent string, words []string) {
	if len(words) == 0 {
		w.out.text(strings.TrimRight(prefix, " "))
		return
	}
	var inSpan []bool        // computed when a break is first needed
	ok := func(i int) bool { // may break before words[i]
		return words[i] != "" && words[i-1] != "" &&
			!startsBlock(words[i]) && !endsHardBreak(words[i-1])
	}
	columns := utf8.RuneCountInString
	if w.ascii() {
		columns = func(s string) int { return len(s) }
	}
	start := 0
	lead := prefix
	for start < len(words) {
		col := utf8.RuneCountInString(lead) + columns(words[start])
		end := start + 1
		for end < len(words) {
			n := columns(words[end])
			if col+1+n > width {
				break
			}
			col += 1 + n
			end++
		}
		if end < len(words) {
			// words[end] does not fit: break before the last word that may
			// start a line, outside a code span if there is such a place.
			if inSpan == nil {
				inSpan = w.spanBoundaries(words)
			}
			brk := 0
			for j := end; j > start && brk == 0; j-- {
				if ok(j) && !inSpan[j] {
					brk = j
				}
			}
			for j := end; j > start && brk == 0; j-- {
				if ok(j) {
					brk = j
				}
			}
			for j := end + 1; j < len(words) && brk == 0; j++ {
				if ok(j) { // nowhere before width: run long to the first place
					brk = j
				}
			}
			if brk == 0 {
				brk = len(words)
			}
			end = brk
		}
		w.line = append(w.line[:0], lead...)
		for i, word := range words[start:end] {
			if i > 0 {
				w.line = append(w.line, ' ')
			}
			w.line = append(w.line, word...)
		}
		w.out.filled(w.line)
		start, lead = end, indent
	}
}

// spanBoundaries reports, for each word, whether the space before it lies
// inside a code span or the text of a link, where a break reads worse.
func (w *wrapper) spanBoundaries(words []string) []bool {
	out := resize(&w.inSpan, len(words))
	if !w.hasSpans() {
		return out
	}
	s := w.joined[:0]
	for i, word := range words {
		if i > 0 {
			s = append(s, ' ')
		}
		s = append(s, word...)
	}
	w.joined = s
	// The spaces before words[k:] lie at space and after; mark sets out
	// for those in [from, to).
	k, space := 1, len(words[0])
	mark := func(from, to int) {
		for k < len(words) && space < to {
			if space >= from {
				out[k] = true
			}
			space += 1 + len(words[k])
			k++
		}
	}
	depth := 0 // of link text brackets
	for i := 0; i < len(s); {
		if !spanByte[s[i]] {
			j := i + 1
			for j < len(s) && !spanByte[s[j]] {
				j++
			}
			if depth > 0 {
				mark(i, j)
			}
			i = j
			continue
		}
		if depth > 0 {
			mark(i, i+1)
		}
		switch {
		case s[i] == '\\':
			i += 2
		case s[i] == '[':
			depth++
			i++
		case s[i] == ']':
			depth = max(0, depth-1)
			i++
		default: // a run of backticks
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			end := closingRun(s, i+n, n)
			if end < 0 {
				i += n
				continue
			}
			mark(i+n, end)
			i = end + n
		}
	}
	return out
}

// ascii reports whether the paragraph being gathered is ASCII, each of
// its characters a byte.
func (w *wrapper) ascii() bool {
	for _, r := range w.rests {
		for i := 0; i < len(r); i++ {
			if r[i] >= utf8.RuneSelf {
				return false
			}
		}
	}
	return true
}

// spanByte marks the bytes spanBoundaries acts on.
var spanByte = [256]bool{'\\': true, '[': true, ']': true, '`': true}

// hasSpans reports whether the paragraph being gathered may have a code
// span or a link text: whether it has a backtick or a [.
func (w *wrapper) hasSpans() bool {
	for _, r := range w.rests {
		if strings.ContainsAny(r, "`[") {
			return true
		}
	}
	return false
}

// resize returns *buf with n elements, all false, reusing its storage.
func resize(buf *[]bool, n int) []bool {
	if cap(*buf) < n {
		*buf = make([]bool, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}
