// Package mdfence reads the fences of Markdown's fenced code blocks, as
// CommonMark does, for the outputs that lay Markdown out line by line
// (the reference's tidying, the terminal's descriptions).
package mdfence

import "strings"

// Open returns the fence a line, from where its block's content starts
// (after its indent and the markers of any list item or quote), opens a
// fenced code block with: three or more backticks or tildes, a backtick
// fence without a backtick after it; or "".
func Open(s string) string {
	if len(s) < 3 || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := len(s) - len(strings.TrimLeft(s, s[:1]))
	if n < 3 || (s[0] == '`' && strings.Contains(s[n:], "`")) {
		return ""
	}
	return s[:n]
}

// Closes reports whether a line, from where its block's content starts,
// closes the fenced code block that fence opened: a fence of the same
// character, at least as long, with nothing but white space after it.
func Closes(s, fence string) bool {
	rest := strings.TrimLeft(s, fence[:1])
	return len(s)-len(rest) >= len(fence) && strings.TrimSpace(rest) == ""
}
