package mdgen

import "strings"

// OwnComment reports whether an HTML block of a page is one that mdgen
// writes itself: the generated-file notice, a markdownlint directive, or
// what parts two lists or two block quotes (separator). No other HTML reaches a page.
func OwnComment(block string) bool {
	t := strings.TrimSpace(block)
	return strings.HasPrefix(t, "<!-- Code generated") || strings.HasPrefix(t, "<!-- markdownlint-") || t == separator
}
