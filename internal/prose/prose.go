// Package prose writes lists for messages a person reads.
package prose

import "strings"

// List joins words as prose, with conj ("and", "or") before the last:
// "a, b and c"; one word alone; none "".
func List(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}
