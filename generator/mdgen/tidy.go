package mdgen

import (
	"strings"

	"github.com/errspec/errspec/internal/mdline"
)

// tidy makes the executed templates' output tidy whatever their layout
// and whitespace: CRLF becomes LF, trailing spaces and tabs go, leading
// blank lines go, a run of blank lines outside fenced code blocks becomes
// one, table rows are written in the compact style (see compactRow), and
// the page ends with exactly one newline.
func tidy(page string) []byte {
	out := make([]byte, 0, len(page))
	fence := ""   // the opening fence of the code block we are in, or ""
	blank := true // the last line written was blank, or nothing was
	for line := range strings.SplitSeq(strings.ReplaceAll(page, "\r\n", "\n"), "\n") {
		line = strings.TrimRight(line, " \t")
		switch {
		case fence != "":
			if closesFence(line, fence) {
				fence = ""
			}
		case line == "":
			if blank {
				continue
			}
		case line[0] == '|':
			line = compactRow(line)
		default:
			fence = openingFence(line)
		}
		out = append(out, line...)
		out = append(out, '\n')
		blank = line == ""
	}
	for len(out) > 1 && out[len(out)-2] == '\n' {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		out = append(out, '\n')
	}
	return out
}

// openingFence returns the fence (``` or ~~~, possibly longer) a line opens
// a fenced code block with, or "". A fence may follow the markers of list
// items and block quotes.
func openingFence(line string) string {
	return mdline.OpensFence(strings.TrimLeft(line, " ->*+.)0123456789"))
}

// closesFence reports whether line closes a fenced code block opened with
// fence.
func closesFence(line, fence string) bool {
	return mdline.ClosesFence(strings.TrimLeft(line, " >"), fence)
}

// compactRow writes a table row in the compact style that markdownlint's
// MD060 asks for: each cell trimmed, with one space on either side, an
// empty cell as a single space, and a closing pipe. It splits cells as
// GitHub Flavored Markdown does, at the pipes that no backslash precedes.
func compactRow(line string) string {
	var b strings.Builder
	b.WriteByte('|')
	start := 1
	for i := 1; i <= len(line); i++ {
		if i < len(line) && (line[i] != '|' || line[i-1] == '\\') {
			continue
		}
		c := strings.TrimSpace(line[min(start, len(line)):i])
		if i == len(line) && c == "" {
			break // the closing pipe was there
		}
		b.WriteByte(' ')
		if c != "" {
			b.WriteString(c)
			b.WriteByte(' ')
		}
		b.WriteByte('|')
		start = i + 1
	}
	return b.String()
}
