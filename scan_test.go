package errspec

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
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
		{"{}\x00", "invalid JSON at byte 2: text after the value"},
		{"{} \x00{}", "invalid JSON at byte 3: text after the value"},
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

// TestNumbers holds the reading of numbers at the edges to what JSON
// Schema says of them, without big.Rat's cost for large exponents.
func TestNumbers(t *testing.T) {
	for _, tt := range []struct {
		text string
		mag  int
		nz   bool
	}{
		{"0", 0, false}, {"-0.000e999999", 0, false}, {"1", 0, true}, {"123", 2, true}, {"0.5", -1, true},
		{"0.0012e3", 0, true}, {"-45.6E-2", -1, true}, {"1e+400", 400, true}, {"10e-1", 0, true},
		// Exponents too large to count: capped, far beyond any bound.
		{"1e99999999999999999999", 1 << 30, true}, {"1e-99999999999999999999", -1 << 30, true},
	} {
		d := readDecimal([]byte(tt.text))
		m, nz := d.magnitude(), len(d.digits) > 0
		if capped := tt.mag == 1<<30 && m > 1e9 || tt.mag == -1<<30 && m < -1e9; m != tt.mag && !capped || nz != tt.nz {
			t.Errorf("magnitude(%s) = %d, %t; want %d, %t", tt.text, m, nz, tt.mag, tt.nz)
		}
	}
	for _, tt := range []struct {
		text string
		n    int64
		err  string
	}{
		{"1.0", 1, ""}, {"1e2", 100, ""}, {"-0", 0, ""}, {"0e999999", 0, ""}, {"-0.0e-5", 0, ""},
		{"9223372036854775807", 9223372036854775807, ""}, {"92233720368547758.07e2", 9223372036854775807, ""},
		{"-9223372036854775808", -9223372036854775808, ""},
		{"9223372036854775808", 0, "does not fit"}, {"-9223372036854775809", 0, "does not fit"},
		{"1e19", 0, "does not fit"}, {"1e999999", 0, "does not fit"}, {"1e9999999", 0, "does not fit"},
		{"1.5", 0, "not an integer"}, {"1e-999999", 0, "not an integer"}, {"0.1e1", 1, ""},
	} {
		n, err := parseIntOf([]byte(tt.text), 64)
		if n != tt.n || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseIntOf(%s, 64) = %d, %v; want %d, %q", tt.text, n, err, tt.n, tt.err)
		}
	}
	// An int of 32 bits, as on 386 and arm, holds less.
	for _, tt := range []struct {
		text string
		n    int64
		err  string
	}{
		{"2147483647", 2147483647, ""}, {"21474836.47e2", 2147483647, ""}, {"-2147483648", -2147483648, ""},
		{"2147483648", 0, "does not fit a 32-bit integer"}, {"-2147483649", 0, "does not fit a 32-bit integer"},
		{"2.147483648e9", 0, "does not fit a 32-bit integer"}, {"9223372036854775807", 0, "does not fit a 32-bit integer"},
	} {
		n, err := parseIntOf([]byte(tt.text), 32)
		if n != tt.n || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseIntOf(%s, 32) = %d, %v; want %d, %q", tt.text, n, err, tt.n, tt.err)
		}
	}
	for _, tt := range []struct {
		text string
		ok   bool
	}{
		{"1.7976931348623157e308", true}, {"-1.7976931348623157e308", true}, {"1.7976931348623158e308", false},
		// The bound the JSON Schema gives, below the float's exact value.
		{"1.7976931348623157081e308", false}, {"-1.79769313486231570000001e308", false}, {"17976931348623157e292", true},
		{"1.79769313486231570815e308", false}, {"1e309", false},
		{"1e999999", false}, {"-1e9999999", false}, {"1e-9999999", true}, {"4.9e-324", true},
	} {
		if _, err := parseFloat([]byte(tt.text)); (err == nil) != tt.ok {
			t.Errorf("parseFloat(%s): %v", tt.text, err)
		}
	}
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"1", "1.0", true}, {"1", "10e-1", true}, {"0", "-0.0e99", true}, {"1", "-1", false}, {"2", "1e999999", false},
		{"100", "1e2", true}, {"1", "1.0000000000000000000001", false},
	} {
		if got := sameJSON(tt.a, []byte(tt.b)); got != tt.same {
			t.Errorf("sameJSON(%s, %s) = %t", tt.a, tt.b, got)
		}
	}
}

// TestLongNumbers checks that a number of many digits is read as the
// value it is: an integer or a constant written with two million zeros
// after its point is that integer or constant, where big.Rat refused it
// past a million digits. Its time is not asserted (a shared machine, the
// race detector): reading them takes a second or two in time that grows
// with their length, where big.Rat's, quadratic, took seconds for a
// million digits and would not end within the test's timeout for these.
func TestLongNumbers(t *testing.T) {
	zeros := strings.Repeat("0", 1<<21)
	for _, tt := range []struct {
		text string
		n    int64
		err  string
	}{
		{"3." + zeros, 3, ""}, {"-3." + zeros + "e0", -3, ""}, {"0." + zeros + "3e2097153", 3, ""},
		{"3." + zeros + "1", 0, "not an integer"}, {"9223372036854775807." + zeros, 9223372036854775807, ""},
		{"9223372036854775808." + zeros, 0, "does not fit"}, {"1" + zeros, 0, "does not fit"},
	} {
		n, err := parseIntOf([]byte(tt.text), 64)
		if n != tt.n || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseIntOf(%.30s…, 64) = %d, %.60v; want %d, %q", tt.text, n, err, tt.n, tt.err)
		}
	}
	for _, tt := range []struct {
		text string
		ok   bool
	}{
		{"1.7976931348623157" + zeros, true}, {"-1.7976931348623157" + zeros + "e308", true},
		{"179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368" + "." + zeros, false},
		{"179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368" + "." + zeros + "1", false},
	} {
		if _, err := parseFloat([]byte(tt.text)); (err == nil) != tt.ok {
			t.Errorf("parseFloat(%.30s…): %.60v", tt.text, err)
		}
	}
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"1.5", "1.5" + zeros, true}, {"1.5", "0.15" + zeros + "e1", true}, {"2", "2." + zeros + "1", false},
		{"2", "200" + zeros + "e-2097154", true}, {"0", "-0." + zeros + "e99999999999999999999", true},
		{"1", "1e99999999999999999999", false},
	} {
		if got := sameJSON(tt.a, []byte(tt.b)); got != tt.same {
			t.Errorf("sameJSON(%s, %.30s…) = %t", tt.a, tt.b, got)
		}
	}
}

// TestNumbersAsRat checks the reading of short numbers of every form
// against big.Rat's: whether a number is an integer an int64 holds and
// which, and whether two texts are the same value.
func TestNumbersAsRat(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "0000123456789"[r.IntN(13)]
		}
		return string(b)
	}
	number := func() string {
		s := digits(1 + r.IntN(12))
		if len(s) > 1 && s[0] == '0' {
			s = s[1:]
			if s[0] == '0' {
				s = "0"
			}
		}
		if r.IntN(3) == 0 {
			s = "-" + s
		}
		if r.IntN(2) == 0 {
			s += "." + digits(1+r.IntN(12))
		}
		if r.IntN(2) == 0 {
			s += []string{"e", "E", "e+", "e-"}[r.IntN(4)] + strconv.Itoa(r.IntN(25))
		}
		return s
	}
	for range 20000 {
		a, b := number(), number()
		x, _ := new(big.Rat).SetString(a)
		y, _ := new(big.Rat).SetString(b)
		if got, want := sameJSON(a, []byte(b)), x.Cmp(y) == 0; got != want {
			t.Errorf("sameJSON(%s, %s) = %t, want %t", a, b, got, want)
		}
		// The same value written otherwise: more zeros, another exponent.
		if !strings.ContainsAny(a, ".eE") && !sameJSON(a, []byte(a+".000e0")) {
			t.Errorf("sameJSON(%s, %s.000e0) = false", a, a)
		}
		n, err := parseIntOf([]byte(a), 64)
		if want := x.IsInt() && x.Num().IsInt64(); (err == nil) != want || want && n != x.Num().Int64() {
			t.Errorf("parseIntOf(%s) = %d, %v; big.Rat reads %s", a, n, err, x.RatString())
		}
	}
}
