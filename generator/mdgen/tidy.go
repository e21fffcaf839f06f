package mdgen

import (
	"bytes"
	"runtime"
	"strings"

	"github.com/errspec/errspec/internal/par"
)

// minPiece is the least number of bytes of a page tidy gives to one core.
const minPiece = 64 << 10

// tidy makes the executed templates' output, given as the segments that
// make it up in order, tidy whatever their layout and whitespace: CRLF
// becomes LF, paragraphs are refilled (see wrapper), and the result is
// normalized (see normalizer). A long page is tidied in pieces, split at
// blank lines, on every core. After a blank line the two carry nothing but
// the code blocks and HTML comment they are in (tidyState); each piece is
// tidied as if it started outside any, and a piece whose predecessor ends
// inside one is tidied again from there, so that the result is the same
// bytes as tidying the page in one go.
func tidy(segs []string) []byte {
	n := 0
	for _, s := range segs {
		n += len(s)
	}
	return tidyIn(segs, max(minPiece, n/(4*runtime.GOMAXPROCS(0))))
}

// tidyIn is tidy, with pieces of at least size bytes where the page allows.
func tidyIn(segs []string, size int) []byte {
	parts := split(lf(segs), size)
	if len(parts) == 1 {
		out, _ := tidyPiece(parts[0], tidyState{}, true)
		return append(bytes.TrimRight(out, "\n"), '\n')
	}
	type result struct {
		out        []byte
		start, end tidyState
	}
	res := make([]result, len(parts))
	tidyFrom := func(i int, st tidyState) {
		res[i].start = st
		res[i].out, res[i].end = tidyPiece(parts[i], st, i == len(parts)-1)
	}
	par.Do(len(parts), func(i int) { tidyFrom(i, tidyState{}) })
	at := make([]int, len(res)+1) // where each piece's output goes
	for i := range res {
		if i > 0 && res[i].start != res[i-1].end {
			tidyFrom(i, res[i-1].end)
		}
		at[i+1] = at[i] + len(res[i].out)
	}
	out := make([]byte, at[len(res)], at[len(res)]+1)
	par.Do(len(res), func(i int) { copy(out[at[i]:], res[i].out) })
	return append(bytes.TrimRight(out, "\n"), '\n')
}

// lf returns the segments of a page with every CRLF of the page made LF,
// empty ones left out.
func lf(segs []string) []string {
	out := make([]string, 0, len(segs))
	for _, s := range segs {
		if s == "" {
			continue
		}
		if k := len(out) - 1; k >= 0 && s[0] == '\n' && strings.HasSuffix(out[k], "\r") {
			out[k] = out[k][:len(out[k])-1] // a CRLF across two segments
		}
		out = append(out, strings.ReplaceAll(s, "\r\n", "\n"))
	}
	return out
}

// split cuts a page, given as segments, into pieces, each but the last
// ending at a blank line: the first of two consecutive line breaks ends a
// piece, the second is dropped, and the lines of the pieces in order are
// the lines of the page. Pieces are at least size bytes long where blank
// lines allow; a piece within one segment is a part of it, not a copy.
func split(segs []string, size int) []string {
	var parts, pending []string // pending: the start of the next piece
	held := 0                   // the length of pending
	for _, s := range segs {
		for {
			from := max(0, size-held)
			i := -1
			if from < len(s) {
				i = strings.Index(s[from:], "\n\n")
			}
			if i < 0 {
				break
			}
			i += from
			parts = append(parts, join(append(pending, s[:i+1])))
			pending, held = pending[:0], 0
			s = s[i+2:]
		}
		if s != "" {
			pending, held = append(pending, s), held+len(s)
		}
	}
	return append(parts, join(pending))
}

// join returns the concatenation of segs, without a copy when there is
// only one.
func join(segs []string) string {
	if len(segs) == 1 {
		return segs[0]
	}
	return strings.Join(segs, "")
}

// tidyState is what tidying carries from a blank line of a page to the
// next line: the code block or HTML comment the wrapper is in, and the
// code block the normalizer is in.
type tidyState struct {
	wrap  wrapState
	fence string
}

// tidyPiece wraps and normalizes a piece of a page from the state st, and
// returns the lines it writes, each ending in a line break, and the state
// after it. last says whether the piece ends the page. A piece other than
// the last must end with a blank line.
func tidyPiece(piece string, st tidyState, last bool) ([]byte, tidyState) {
	n := &normalizer{out: make([]byte, 0, len(piece)+len(piece)/8), fence: st.fence, blank: true}
	w := &wrapper{out: n, wrapState: st.wrap}
	for line := range strings.SplitSeq(piece, "\n") {
		w.take(line)
	}
	w.flush()
	n.end(last)
	return n.out, tidyState{w.wrapState, n.fence}
}

// normalizer tidies the lines of a page whatever their whitespace:
// trailing spaces and tabs go, leading blank lines go, a run of blank
// lines outside fenced code blocks becomes one, and table rows are written
// in the compact style (see appendRow). Each line it writes ends in a line
// break; the caller ends the page with exactly one. It takes the lines a
// wrapper writes, and does to them what it would to the text they make
// joined with line breaks, CRLF made LF: a CR that ends a line other than
// the page's last goes.
type normalizer struct {
	out   []byte
	fence string // the opening fence of the code block we are in, or ""
	blank bool   // the last line written was blank, or nothing was written

	held    string // the line before the one being taken
	holding bool
}

// text takes the next line. It holds it until the next, or end, says
// whether it is the page's last.
func (n *normalizer) text(line string) {
	n.release()
	n.held, n.holding = line, true
}

// filled takes the next line, a line of a refilled paragraph. Such a line
// is most often written as it is: when it ends in no white space, and
// opens no table row or code block, and the normalizer is in none, it is
// written without being held or copied first.
func (n *normalizer) filled(line []byte) {
	if len(line) == 0 || n.fence != "" || line[0] == '|' || endsBlank(line) || mayOpenFence(line) {
		n.text(string(line))
		return
	}
	n.release()
	n.out = append(n.out, line...)
	n.out = append(n.out, '\n')
	n.blank = false
}

// endsBlank reports whether a line ends in a space, a tab or a CR.
func endsBlank(line []byte) bool {
	last := line[len(line)-1]
	return last == ' ' || last == '\t' || last == '\r'
}

// mayOpenFence reports whether a line may open a fenced code block: it has
// a backtick or tilde after at most three spaces.
func mayOpenFence(line []byte) bool {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	return i < len(line) && (line[i] == '`' || line[i] == '~')
}

// release writes the line held, which a line follows.
func (n *normalizer) release() {
	if n.holding {
		n.write(strings.TrimSuffix(n.held, "\r"))
		n.holding = false
	}
}

// end writes the line held; last says whether it is the page's last.
func (n *normalizer) end(last bool) {
	if !n.holding {
		return
	}
	if !last {
		n.held = strings.TrimSuffix(n.held, "\r")
	}
	n.write(n.held)
	n.holding = false
}

// write writes a line, tidied.
func (n *normalizer) write(line string) {
	line = trimEnd(line)
	if line == "" {
		if n.blank && n.fence == "" {
			return
		}
		n.blank = true
		n.out = append(n.out, '\n')
		return
	}
	switch {
	case n.fence != "":
		if closesFence(line, n.fence) {
			n.fence = ""
		}
		n.out = append(n.out, line...)
	case line[0] == '|':
		n.out = appendRow(n.out, line)
	default:
		n.fence = openingFence(line)
		n.out = append(n.out, line...)
	}
	n.blank = false
	n.out = append(n.out, '\n')
}

// appendRow appends a table row in the compact style: each cell trimmed,
// with one space on either side, and an empty cell as a single space. It
// splits cells as GitHub Flavored Markdown does, at the pipes that no
// backslash precedes.
func appendRow(out []byte, line string) []byte {
	if compactRow(line) {
		return append(out, line...)
	}
	return appendCells(out, line)
}

// appendCells appends a table row in the compact style, cell by cell.
func appendCells(out []byte, line string) []byte {
	out = append(out, '|')
	cell := func(c string) {
		if c == "" {
			out = append(out, " |"...)
			return
		}
		out = append(out, ' ')
		out = append(out, c...)
		out = append(out, " |"...)
	}
	start := 1
	for i := 1; i < len(line); i++ {
		if line[i] == '|' && line[i-1] != '\\' {
			cell(strings.TrimSpace(line[start:i]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(line[min(start, len(line)):]); rest != "" {
		cell(rest) // a row without a closing pipe
	}
	return out
}

// compactRow reports whether a table row is in the compact style already,
// which appendCells would write as it is: it ends with a pipe, and each
// cell is a single space or one space, text that starts and ends with
// printable ASCII other than a space, and one space.
func compactRow(line string) bool {
	start := 1
	for i := 1; i < len(line); i++ {
		if line[i] != '|' || line[i-1] == '\\' {
			continue
		}
		c := line[start:i]
		if c != " " && (len(c) < 3 || c[0] != ' ' || c[len(c)-1] != ' ' ||
			!printable(c[1]) || !printable(c[len(c)-2])) {
			return false
		}
		start = i + 1
	}
	return start == len(line) && len(line) > 1
}

// printable reports whether c is printable ASCII other than a space.
func printable(c byte) bool { return '!' <= c && c <= '~' }

// openingFence returns the fence (``` or ~~~, possibly longer) a line opens
// a fenced code block with, or "".
func openingFence(line string) string {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 || len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := len(s) - len(strings.TrimLeft(s, s[:1]))
	if n < 3 || (s[0] == '`' && strings.Contains(s[n:], "`")) {
		return ""
	}
	return s[:n]
}

// closesFence reports whether line closes a fenced code block opened with
// fence.
func closesFence(line, fence string) bool {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 {
		return false
	}
	rest := strings.TrimLeft(s, fence[:1])
	return len(s)-len(rest) >= len(fence) && strings.TrimSpace(rest) == ""
}
