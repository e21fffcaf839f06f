package mdgen

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// width is the column paragraphs and list items are filled to: the line
// length markdownlint checks by default.
const width = 80

// wrap refills the paragraphs of a page, list items and block quotes
// included, to width columns, so that the page passes a line-length check
// and reads well as source whatever the length of the catalog's text.
// Fenced code blocks, table rows, headings, HTML comments and lines that
// open with something other than text are left as they are. A paragraph
// line joins the line before it only when it is indented as that line's
// continuation and starts no block of its own, and never after a
// backslash, which makes a hard line break; so a refill changes the
// layout of the source, never what it renders.
func wrap(page string) string {
	var out []string
	var open string   // the fence of the code block we are in, or ""
	comment := false  // inside an HTML comment of several lines
	var para []string // the words of the paragraph being gathered
	var prefix string // the first line's prefix: list markers, quote markers, indentation
	var indent string // the prefix of the lines that continue it
	flush := func() {
		if para != nil {
			out = append(out, fill(prefix, indent, para)...)
			para = nil
		}
	}
	for line := range strings.SplitSeq(page, "\n") {
		switch {
		case open != "":
			if closesFence(line, open) {
				open = ""
			}
		case comment:
			comment = !strings.Contains(line, "-->")
		case para != nil && continues(line, indent) && !endsHardBreak(para[len(para)-1]):
			para = append(para, words(line[len(indent):])...)
			continue
		default:
			flush()
			if f := openingFence(line); f != "" {
				open = f
				break
			}
			if t := strings.TrimLeft(line, " "); strings.HasPrefix(t, "<!--") {
				comment = !strings.Contains(t, "-->")
				break
			}
			if p, ok := textLine(line); ok {
				prefix, indent = p, continuation(p)
				para = words(line[len(p):])
				continue
			}
		}
		out = append(out, line)
	}
	flush()
	return strings.Join(out, "\n")
}

// words splits a line at its spaces; a run of spaces gives empty words,
// which keep it as it is.
func words(s string) []string {
	return strings.Split(strings.TrimRight(s, " \t"), " ")
}

// listRE matches the prefix of a line that opens list items or block
// quotes, nested ones too, and its indentation: "- ", "  1. ", "> - ".
var listRE = regexp.MustCompile(`^ *(?:(?:[-+*]|[0-9]{1,9}[.)]) +|> ?)*`)

// textLine reports whether a line opens a paragraph, possibly in a list
// item or a block quote, and returns its prefix.
func textLine(line string) (string, bool) {
	p := listRE.FindString(line)
	rest := line[len(p):]
	if strings.TrimSpace(rest) == "" || len(p)-len(strings.TrimLeft(p, " ")) >= 4 && !strings.ContainsAny(p, "-+*.)>") {
		return "", false // blank, or indented code
	}
	first, _, _ := strings.Cut(rest, " ")
	if blockStartRE.MatchString(first) || strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "[") && linkDefRE.MatchString(rest) {
		return "", false
	}
	return p, true
}

var linkDefRE = regexp.MustCompile(`^\[[^\]]+\]:`)

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
	return !blockStartRE.MatchString(first)
}

// endsHardBreak reports whether a word ends in an odd number of
// backslashes: at the end of a line, a hard line break.
func endsHardBreak(word string) bool {
	n := len(word) - len(strings.TrimRight(word, `\`))
	return n%2 == 1
}

// continuation returns the indentation of the lines that continue a line
// opening with prefix: spaces as wide as its list markers, and ">" for its
// block quotes.
func continuation(prefix string) string {
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

// blockStartRE matches the first word of a line that would open a block
// rather than continue a paragraph: a list item, heading, block quote,
// thematic break or setext underline, fence, HTML, table row or
// definition.
var blockStartRE = regexp.MustCompile("^(#{1,6}|[-+*]|[0-9]{1,9}[.)]|>.*|=+|-+|[*]+|_+|```.*|~~~.*|<.*|\\|.*|:)$")

// fill lays words out in lines of at most width columns where it can: the
// first line starts with prefix, the others with indent. It breaks only
// between words where the next line would not open a block and the line
// would not end in a hard break, and it prefers breaks outside code spans
// and link texts.
func fill(prefix, indent string, words []string) []string {
	if len(words) == 0 {
		return []string{strings.TrimRight(prefix, " ")}
	}
	inSpan := spanBoundaries(words)
	ok := func(i int) bool { // may break before words[i]
		return words[i] != "" && words[i-1] != "" &&
			!blockStartRE.MatchString(words[i]) && !endsHardBreak(words[i-1])
	}
	var lines []string
	start := 0
	lead := prefix
	for start < len(words) {
		col := utf8.RuneCountInString(lead) + utf8.RuneCountInString(words[start])
		end := start + 1
		for end < len(words) && col+1+utf8.RuneCountInString(words[end]) <= width {
			col += 1 + utf8.RuneCountInString(words[end])
			end++
		}
		if end < len(words) {
			// words[end] does not fit: break before the last word that may
			// start a line, outside a code span if there is such a place.
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
		lines = append(lines, lead+strings.Join(words[start:end], " "))
		start, lead = end, indent
	}
	return lines
}

// spanBoundaries reports, for each word, whether the space before it lies
// inside a code span or the text of a link, where a break reads worse.
func spanBoundaries(words []string) []bool {
	s := strings.Join(words, " ")
	inside := make([]bool, len(s)+1)
	depth := 0 // of link text brackets
	for i := 0; i < len(s); {
		inside[i] = inside[i] || depth > 0
		switch {
		case s[i] == '\\':
			i += 2
		case s[i] == '[':
			depth++
			i++
		case s[i] == ']' && depth > 0:
			depth--
			i++
		case s[i] == '`':
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			end := closingRun(s, i+n, n)
			if end < 0 {
				i += n
				continue
			}
			for k := i + n; k < end; k++ {
				inside[k] = true
			}
			i = end + n
		default:
			i++
		}
	}
	out := make([]bool, len(words))
	pos := 0
	for i, w := range words {
		if i > 0 {
			out[i] = inside[pos-1]
		}
		pos += len(w) + 1
	}
	return out
}
