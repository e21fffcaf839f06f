package prose

import "testing"

func TestList(t *testing.T) {
	for _, tt := range []struct {
		words []string
		conj  string
		want  string
	}{
		{nil, "and", ""},
		{[]string{"a"}, "and", "a"},
		{[]string{"a", "b"}, "or", "a or b"},
		{[]string{"a", "b", "c"}, "and", "a, b and c"},
	} {
		if got := List(tt.words, tt.conj); got != tt.want {
			t.Errorf("List(%q, %q) = %q, want %q", tt.words, tt.conj, got, tt.want)
		}
	}
}
