// Package mdline reads lines of Markdown as CommonMark does (the fences of
// fenced code blocks, ATX headings, the ends of code spans), for the outputs that lay Markdown out
// line by line: the reference's tidying and checks, the terminal's
// descriptions.
package mdline

import "strings"

// OpensFence returns the fence a line, from where its block's content starts
// (after its indent and the markers of any list item or quote), opens a
// fenced code block with: three or more backticks or tildes, a backtick
// fence without a backtick after it; or "".
func OpensFence(s string) string {
	if len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := len(s) - len(strings.TrimLeft(s, s[:1]))
	if n < 3 || (s[0] == '`' && strings.Contains(s[n:], "`")) {
		return ""
	}
	return s[:n]
}

// ClosesFence reports whether a line, from where its block's content starts,
// closes the fenced code block that fence opened: a fence of the same
// character, at least as long, with nothing but white space after it.
func ClosesFence(s, fence string) bool {
	rest := strings.TrimLeft(s, fence[:1])
	return len(s)-len(rest) >= len(fence) && strings.TrimSpace(rest) == ""
}

// ATXHeading returns the text of an ATX heading line (up to three spaces,
// one to six #, then a space or the end of the line), without its
// closing sequence of #.
func ATXHeading(line string) (string, bool) {
	s := strings.TrimLeft(line, " ")
	if len(line)-len(s) > 3 {
		return "", false
	}
	text := strings.TrimLeft(s, "#")
	if n := len(s) - len(text); n == 0 || n > 6 || (text != "" && text[0] != ' ' && text[0] != '\t') {
		return "", false
	}
	text = strings.TrimSpace(text)
	if t := strings.TrimRight(text, "#"); t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t") {
		text = strings.TrimSpace(t)
	}
	return text, true
}

// ClosingRun returns the index of the next run of exactly n backticks in s
// from index from, which closes a code span opened by a run of n, or -1.
func ClosingRun(s string, from, n int) int {
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
