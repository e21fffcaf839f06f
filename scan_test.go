package errspec

import (
	"fmt"
	"strings"
	"testing"
)

// TestSkipRepeatedKey checks that a value Parse skips, such as a member
// the compatible mode ignores, is held to the rule of every object Parse
// reads: no repeated key, at any depth and in objects of any size, the
// error naming where.
func TestSkipRepeatedKey(t *testing.T) {
	many := func(n int, repeat bool) string {
		var b strings.Builder
		b.WriteByte('{')
		for i := range n {
			fmt.Fprintf(&b, `"k%d":%d,`, i, i)
		}
		if repeat {
			b.WriteString(`"k7":1,`)
		}
		b.WriteString(`"end":[]}`)
		return b.String()
	}
	for _, tt := range []struct {
		text, err string
	}{
		{`{"a":1,"b":{"c":[1,{"d":2}]}}`, ""},
		{`{"a":1,"a":1}`, "a: the key is repeated"},
		{`{"a":{"b":[0,{"c":1,"c":2}]}}`, `a.b[1].c: the key is repeated`},
		{`[{"x.y":{"":1,"":1}}]`, `[0]["x.y"][""]: the key is repeated`},
		{`{"\u0061":1,"a":2}`, "a: the key is repeated"},
		{many(15, false), ""},
		{many(100, false), ""},
		{many(100, true), "k7: the key is repeated"},
		{`{"a":{"b":1,}}`, "invalid JSON at byte 12: expected a key"},
	} {
		s := scanner{data: []byte(tt.text)}
		err := s.skip()
		if err == nil {
			err = s.end()
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("%.60s: got error %q, want %q", tt.text, got, tt.err)
		}
	}
}
