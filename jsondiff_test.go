package errspec_test

import (
	"testing"

	"github.com/errspec/errspec"
)

// TestJSONDiff checks what the generated test of the examples says of two
// JSON texts: nothing when they differ only in white space, escapes and
// the spelling of numbers, else the first place they differ.
func TestJSONDiff(t *testing.T) {
	for _, tt := range []struct{ got, want, diff string }{
		{`{"a":1,"b":"x"}`, `{ "a": 1.0, "b": "\u0078" }`, ""},
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, `by byte 4 of the example's json, it has "b" where the constructor sends "a"`},
		{`{"a":1}`, `{"a":2}`, `by byte 6 of the example's json, it has 2 where the constructor sends 1`},
		{`{"a":[1]}`, `{"a":[1,2]}`, `by byte 9 of the example's json, it has 2 where the constructor sends ]`},
		{`{"a":null}`, `{"a":"null"}`, `by byte 11 of the example's json, it has "null" where the constructor sends null`},
	} {
		if got := errspec.JSONDiff([]byte(tt.got), []byte(tt.want), "the constructor sends"); got != tt.diff {
			t.Errorf("JSONDiff(%s, %s) = %q, want %q", tt.got, tt.want, got, tt.diff)
		}
	}
}
